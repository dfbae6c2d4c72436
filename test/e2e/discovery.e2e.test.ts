import { existsSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { registry } from '../../schema/registry';
import { openApiPath } from '../../api/discovery/openApiDocument';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${service.baseUrl}${path}`, { headers });

describe('views derived from the registry', () => {
  it('serves a valid OpenAPI 3.1 document naming every registry endpoint with its price', async () => {
    const document = await json(get('/openapi.json'));
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.9.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    for (const entry of registry) {
      const operation = document.paths[entry.path.replace(/:(\w+)/g, '{$1}')]?.[entry.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation['x-price-usd']).toBe(entry.price / 1e6);
    }
    // Every field in one object (a reference shows it whole), the rule that `text` may come as `content` beside it.
    const sentiment = document.paths['/sentiment'].post.requestBody.content['application/json'].schema;
    expect(sentiment.allOf[0].properties.content.description).toContain('Alias of `text`');
    expect(sentiment.allOf[1]).toEqual({ anyOf: [{ required: ['text'] }, { required: ['content'] }] });
    expect(document.paths['/sentiment'].post.responses['402']).toEqual({ $ref: '#/components/responses/PaymentRequired' });
    // A path parameter the input declares is documented in the path, not in the body.
    const invoke = document.paths['/catalog/{id}/invoke'].post;
    expect(invoke.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true }), { $ref: '#/components/parameters/Idempotency-Key' }]),
    );
    expect(invoke.parameters.filter((p: { in?: string }) => p.in === 'path')).toHaveLength(1);
    expect(invoke.requestBody.content['application/json'].schema.properties).not.toHaveProperty('id');
    expect(Object.keys(document.paths['/buy-credits']).sort()).toEqual(['get', 'post']);
    expect(document.paths['/execute/{endpoint_id}'].post.responses['402']).toBeDefined();
  });

  it("lists the catalogue by category on /discover, and the tutorial's endpoint list with the caller's allowance", async () => {
    const catalogue = await json(get('/discover'));
    expect(catalogue.endpoints).toBe(registry.length);
    expect(catalogue.categories['text-ai']).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/sentiment', price_usd: 0.005 })]));
    expect(catalogue.payment.mcp.tool_groups).toEqual(
      expect.arrayContaining([
        { name: 'data', kind: 'category', url: `${service.config.publicBaseUrl}/mcp?tools=data`, tools: 26 },
        { name: 'memory', kind: 'family', url: `${service.config.publicBaseUrl}/mcp?tools=memory`, tools: 4 },
      ]),
    );
    const list = await json(get('/discover/endpoints'));
    expect(list.endpoints.find((e: { endpoint_id: string }) => e.endpoint_id === 'summarize')).toMatchObject({
      cost_usd: 0.01,
      cost_credits: 10,
      rate_limit: '60/minute',
    });
    expect(list).toMatchObject({ free_calls_remaining_today: service.config.freeTierDaily, account_credits: null });
  });

  it('describes itself for models (llms.txt), agents (agent card) and crawlers (sitemap)', async () => {
    const llms = await get('/llms.txt');
    expect(llms.headers.get('content-type')).toContain('text/plain');
    const text = await llms.text();
    expect(text).toMatch(/^# toolgate\n\n> /);
    // Each link lands on its operation in /docs (Scalar's anchor: tag, method, path).
    expect(text).toContain('[POST /summarize](http://api.test/docs#tag/text-ai/POST/summarize)');
    expect(text).toContain('[GET /webhooks/:id/events](http://api.test/docs#tag/agents/GET/webhooks/%7Bid%7D/events)');
    const card = await json(get('/.well-known/agent.json'));
    expect(card.skills.map((s: { id: string }) => s.id)).toContain('sentiment');
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://api.test/docs</loc>');
  });

  it('writes runnable snippets for an endpoint in each language, with a key only where one is needed', async () => {
    const python = await json(get('/sdk/code?endpoint=/summarize&lang=python'));
    expect(python.code).toContain('requests.post("http://api.test/summarize"');
    expect(python.code).toContain('Bearer');
    const curl = await json(get('/sdk/code?endpoint=/free/hash&language=curl'));
    expect(curl.code).toContain("curl 'http://api.test/free/hash");
    expect(curl.code).not.toContain('Authorization');
    expect((await get('/sdk/code?endpoint=/nope')).status).toBe(400);
  });

  it('serves /docs as the interactive reference of /openapi.json, where free endpoints declare no security', async () => {
    const docs = await (await get('/docs')).text();
    expect(docs).toContain('<script src="assets/api-reference.js"></script>');
    expect(docs).toContain("url: 'openapi.json'");
    const document = await json(get('/openapi.json'));
    for (const entry of registry)
      expect([entry.path, Object.keys(document.paths[openApiPath(entry.path)])]).toEqual([entry.path, expect.arrayContaining([entry.method.toLowerCase()])]);
    expect(document.paths['/free/hash'].get.security).toEqual([{}]);
    expect(document.paths['/preview'].post.security).toEqual([{}]);
    expect(document.paths['/summarize'].post.security).toContainEqual({ bearerKey: [] });
  });
});

describe('the front door', () => {
  const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const parts = ['docs', 'openapi', 'llms_txt', 'catalogue', 'dashboard', 'buy_credits', 'status', 'mcp', 'a2a_agent_card'];

  it('answers a browser with a page that says what the service is and links every part of it', async () => {
    const response = await get('/', { Accept: browserAccept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept');
    const page = await response.text();
    expect(page).toContain('<h1>toolgate</h1>');
    const { links } = await json(get('/', { Accept: 'application/json' }));
    for (const part of parts) expect([part, page]).toEqual([part, expect.stringContaining(`href="${links[part]}"`)]);
  });

  it("names the README's guides, one an audience, each a file of the repository", async () => {
    const { guides } = await json(get('/', { Accept: 'application/json' }));
    expect(Object.keys(guides).sort()).toEqual(['agents_and_payments', 'callers', 'configuration', 'contributing', 'operating']);
    const page = await (await get('/', { Accept: browserAccept })).text();
    for (const file of Object.values<string>(guides)) {
      expect([file, existsSync(path.resolve(__dirname, '..', '..', file))]).toEqual([file, true]);
      expect(page).toContain(`<code>${file}</code>`);
    }
  });

  it('answers a program (Accept: application/json, or anything) with the same links, each of which answers', async () => {
    const door = await json(get('/', { Accept: 'application/json' }));
    expect(door).toMatchObject({ service: 'toolgate', description: expect.any(String), version: '1.9.0' });
    expect(Object.keys(door.links).sort()).toEqual([...parts].sort());
    expect(await json(get('/', { Accept: '*/*' }))).toEqual(door);
    for (const [part, url] of Object.entries<string>(door.links)) {
      const local = url.replace(service.config.publicBaseUrl, service.baseUrl);
      // MCP is POST only: an initialize there is the proof it answers.
      const response =
        part === 'mcp'
          ? await fetch(local, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: 1,
                method: 'initialize',
                params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'front-door', version: '1' } },
              }),
            })
          : await get(new URL(local).pathname);
      expect([part, response.status]).toEqual([part, 200]);
    }
  });
});

// Issue 41, item 13: browsers ask /favicon.ico on every page, and got a JSON 404 in their console.
describe('the site icon', () => {
  it('is served at /favicon.ico as SVG, free and cacheable, and every page links it', async () => {
    const response = await get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml(;|$)/);
    expect(response.headers.get('cache-control')).toMatch(/\bpublic\b.*\bmax-age=\d+/);
    const svg = await response.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(parsed.svg).toMatchObject({ '@_xmlns': 'http://www.w3.org/2000/svg', '@_viewBox': expect.any(String) });

    const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const page of ['/', '/docs', '/dashboard', '/buy-credits']) {
      const html = await (await get(page, { Accept: browserAccept })).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect([page, head]).toEqual([page, expect.stringContaining('<link rel="icon" href="/favicon.ico" type="image/svg+xml">')]);
    }
    // In the document, as what it is (no key, no price), like the other pages.
    const document = await json(get('/openapi.json'));
    expect(document.paths['/favicon.ico'].get).toMatchObject({ security: [{}], 'x-price-usd': 0 });
    expect(Object.keys(document.paths['/favicon.ico'].get.responses['200'].content)).toEqual(['image/svg+xml']);
  });
});
