import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { LIVE_SCHEMA } from '../projections';
import { searchCatalogue } from './searchCatalogue';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const entry = (id: string, title: string, description: string, quality: number, categories: string[] = []) => ({
    id,
    title,
    description,
    categories: JSON.stringify(categories),
    base_url: null,
    auth: 'none',
    docs_url: null,
    spec_url: null,
    licence: null,
    https: true,
    health: 'unknown',
    quality_score: quality,
    source: 'test',
    source_updated: null,
    search_text: [id, title, description, ...categories].join(' ').toLowerCase(),
    listed_at: new Date(),
    updated_at: new Date(),
  });
  // The read model as the catalogue's projection leaves it (the bundled catalogue's own texts).
  await t.db
    .withSchema(LIVE_SCHEMA)
    .insertInto('catalog_entries')
    .values([
      entry('groundhog-day.com', 'Groundhog Day API', 'Returns all of North America’s prognosticating animals and their yearly weather predictions.', 90),
      entry('interzoid.com:getweathercity', 'Interzoid Get Weather City API', 'Current weather information for US cities: temperatures, wind speeds.', 60, [
        'weather',
      ]),
      entry('stormglass.io', 'Storm Glass Marine Weather', 'Global marine weather data from multiple sources.', 55),
      entry('textsum.test', 'Text Summary API', 'Makes a summary of long documents.', 50, ['text']),
      entry('colours.test', 'Colour Palettes', 'Palettes of colours for designers.', 40),
    ] as never)
    .execute();
});
afterAll(() => t.drop());

const ids = async (text: string) => (await searchCatalogue(t.db, { text, page: 1, perPage: 10 })).entries.map((e) => e.id);

describe('catalogue search by words', () => {
  it('ranks the entries a word describes above one that mentions it in passing, whatever their quality scores', async () => {
    const weather = await ids('weather');
    expect(weather).toHaveLength(3);
    expect(weather.at(-1)).toBe('groundhog-day.com');
  });

  it('joins word families and British spellings: summarize and summarise find a summary API', async () => {
    expect(await ids('summarize')).toEqual(['textsum.test']);
    expect(await ids('summarise documents')).toEqual(['textsum.test']);
  });

  it('orders by quality when no words are given', async () => {
    expect((await ids(''))[0]).toBe('groundhog-day.com');
  });
});
