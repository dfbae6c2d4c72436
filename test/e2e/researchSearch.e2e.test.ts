import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKey } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { startUpstreamServer, type UpstreamServer } from '../support/upstreamServer';

let service: TestService;
let model: ScriptedModelServer;
let search: UpstreamServer;
let pages: http.Server;
let pageBase: string;

const PAGES: Record<string, string> = {
  '/ledgers':
    '<html><head><title>Ledgers</title><script>var x = "script text";</script></head><body><p>Append-only ledgers keep every change as an event.</p></body></html>',
  '/replay': '<html><body><p>Projections are rebuilt by replaying the log from the start.</p></body></html>',
};

beforeAll(async () => {
  model = await startScriptedModelServer();
  search = await startUpstreamServer();
  pages = http.createServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (page) return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  service = await startTestService({
    env: { ...modelEnv(model.baseUrl), SEARCH_PROVIDER: 'brave', SEARCH_BASE_URL: search.origin, SEARCH_API_KEY: 'search-key', RESEARCH_PAGES: '2' },
  });
});
afterAll(async () => {
  await service?.stop();
  await model?.close();
  await search?.close();
  await new Promise((resolve) => pages.close(resolve));
});

describe('/research with a search provider', () => {
  it('searches the topic, reads the top pages through the URL guard and cites them by number with their addresses', async () => {
    // The same results for a retried search as for the first (a slow first attempt is retried).
    const results = {
      body: {
        web: {
          results: [
            // A private address: the guard refuses to read it, so its snippet stands in.
            { title: 'Internal wiki', url: 'https://10.0.0.7/wiki/ledgers', description: 'Ledgers, as the internal wiki puts it.' },
            { title: 'Ledgers', url: `${pageBase}/ledgers`, description: 'snippet of ledgers' },
            { title: 'Replay', url: `${pageBase}/replay`, description: 'snippet of replay' },
          ],
        },
      },
    };
    search.on('/res/v1/web/search', results, { always: results });
    model.answer({
      text: JSON.stringify({
        topic: 'event-sourced ledgers',
        summary: 'Ledgers keep every change as an event [2] and are rebuilt by replay.',
        key_findings: ['Every change is an event [2].'],
        citations: [
          { marker: 1, title: 'whatever the model says', source: 1, quote: 'Ledgers, as the internal wiki puts it.' },
          { marker: 2, title: 'Ledgers', source: 2, quote: 'Append-only ledgers keep every change as an event.' },
        ],
        confidence: 0.8,
      }),
    });
    const key = await generateKey(service.baseUrl);
    const response = await fetch(`${service.baseUrl}/research`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...key.auth },
      body: JSON.stringify({ topic: 'event-sourced ledgers', model: 'gpt-4o-mini' }),
    });
    const body = await json(response);
    expect({ status: response.status, error: body.error }).toEqual({ status: 200, error: undefined });
    expect(body.citations).toEqual([
      expect.objectContaining({ marker: 1, source: 1, title: 'Internal wiki', url: 'https://10.0.0.7/wiki/ledgers' }),
      expect.objectContaining({ marker: 2, source: 2, title: 'Ledgers', url: `${pageBase}/ledgers` }),
    ]);
    expect(search.seenAt('/res/v1/web/search')[0]!.query.get('q')).toBe('event-sourced ledgers');
    // The model read two sources: the refused page's snippet and the first readable page's text, without its script.
    const asked = JSON.stringify(model.received.at(-1)!.body);
    expect(asked).toContain('Ledgers, as the internal wiki puts it.');
    expect(asked).toContain('Append-only ledgers keep every change as an event.');
    expect(asked).not.toContain('script text');
    expect(asked).not.toContain('rebuilt by replaying');
  });

  it('uses the caller’s own sources instead of searching', async () => {
    const before = search.seen.length;
    model.answer({
      text: JSON.stringify({ topic: 't', summary: 's', key_findings: [], citations: [{ marker: 1, title: 'Mine', source: 1 }], confidence: 0.5 }),
    });
    const key = await generateKey(service.baseUrl);
    const response = await fetch(`${service.baseUrl}/research`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...key.auth },
      body: JSON.stringify({ topic: 't', sources: [{ title: 'Mine', url: 'https://example.com/mine', text: 'My notes.' }], model: 'gpt-4o-mini' }),
    });
    expect((await json(response)).citations).toEqual([expect.objectContaining({ url: 'https://example.com/mine' })]);
    expect(search.seen).toHaveLength(before);
  });
});
