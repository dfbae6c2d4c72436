import { sql } from 'kysely';
import { bundledCatalogue } from '../../core/catalog/bundledCatalogue';
import { seedCatalogue } from '../../core/catalog/seedCatalogue';
import { asyncProjections, LIVE_SCHEMA, allProjections } from '../../core/projections';
import { asyncProjectionHandler } from '../../core/projections/asyncProjectionHandler';
import { replayProjections } from '../../core/projections/replay';
import { createSubscriber } from '../../core/subscriptions/subscriber';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(database.db)).rows[0]!.n);

describe('the bundled catalogue in the event log', () => {
  it('is seeded once (a second start adds nothing), read into the catalogue read model, and replays without drift', async () => {
    const { listings } = bundledCatalogue();
    expect(await seedCatalogue(database.store, listings)).toEqual({ added: listings.length, present: 0 });
    expect(await seedCatalogue(database.store, listings)).toEqual({ added: 0, present: listings.length });
    expect(await count(`select count(*) as n from events where type = 'CatalogEntryListed'`)).toBe(listings.length);

    const subscriber = createSubscriber({
      db: database.db,
      connectionString: database.url,
      handlers: asyncProjections.map((p) => asyncProjectionHandler(p, LIVE_SCHEMA)),
    });
    await subscriber.start();
    try {
      await waitFor(
        async () => (await count('select count(*) as n from projections.catalog_entries')) === listings.length,
        'the catalogue read model',
        120_000,
      );
    } finally {
      await subscriber.stop();
    }
    const adafruit = await database.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('catalog_entries')
      .selectAll()
      .where('id', '=', 'adafruit.com')
      .executeTakeFirstOrThrow();
    expect(adafruit).toMatchObject({
      auth: 'apiKey',
      https: true,
      health: 'unknown',
      quality_score: 25 + 20 + 10 + (adafruit.docs_url || adafruit.description.length >= 80 ? 30 : 0),
    });

    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows).toMatchObject({ catalog_entries: listings.length });
  }, 180_000);
});
