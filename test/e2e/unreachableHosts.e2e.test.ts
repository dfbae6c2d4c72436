import { randomUUID } from 'node:crypto';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';

// One name that does not resolve, one answer, whichever tool had to reach it: a caller's URL (/scrape, /api-call,
// /data/screenshot) or a data source of ours (/data/*): 502 bad_gateway, cause no_such_host, the upstream named,
// nothing charged. A URL handed to us for later (a job's callback, a webhook) whose name does not resolve is refused
// saying so. `.invalid` never resolves (RFC 6761).
const NOWHERE = 'no-such-host.invalid';
let service: TestService;
let key: TestKey;
beforeAll(async () => {
  service = await startTestService({ env: { ...modelEnv(), FRANKFURTER_BASE_URL: `https://${NOWHERE}` } });
  key = await generateKey(service.baseUrl);
  expect((await topUp(service.baseUrl, service.config.adminToken, key.key, 1)).status).toBe(200);
}, 120_000);
afterAll(() => service?.stop());

const balance = async () => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd as number;
const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { ...key.auth, 'Content-Type': 'application/json', 'X-Request-Id': randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('a host that does not resolve', () => {
  it.each([
    ['/scrape', () => send('POST', '/scrape', { url: `https://${NOWHERE}/page` }), NOWHERE],
    ['/api-call', () => send('POST', '/api-call', { url: `https://${NOWHERE}`, path: '/v1/things' }), NOWHERE],
    ['/data/screenshot', () => send('GET', `/data/screenshot?url=${encodeURIComponent(`https://${NOWHERE}/`)}`), NOWHERE],
    ['/data/exchange-rates (our data source)', () => send('GET', '/data/exchange-rates?base=EUR'), 'frankfurter'],
  ])('%s: 502 bad_gateway, cause no_such_host, naming the upstream, and charges nothing', async (_name, call, upstream) => {
    const before = await balance();
    const response = await call();
    expect(response.status).toBe(502);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await json(response)).toMatchObject({ code: 'bad_gateway', cause: 'no_such_host', upstream: expect.stringContaining(upstream) });
    expect(await balance()).toBe(before);
  });

  it('a job’s callback URL on it: refused 400 url_refused, saying the name does not resolve', async () => {
    const response = await send('POST', '/async/submit', { tool: 'sentiment', input: { text: 'fine' }, webhook_url: `https://${NOWHERE}/hook` });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'url_refused', error: `callback URL refused: ${NOWHERE}: the name does not resolve (ENOTFOUND)` });
  });

  it('a webhook on it: refused 400 url_refused, saying the name does not resolve', async () => {
    const response = await send('POST', '/webhooks/register', { url: `https://${NOWHERE}/hook`, events: ['low_balance'] });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'url_refused', error: expect.stringContaining(`${NOWHERE}: the name does not resolve`) });
  });
});
