import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedPort, NO_SUCH_HOST } from '../support/brokenServers';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
let pages: http.Server;
let pageBase: string;
const served: string[] = [];

const INVOICE = `<!doctype html><html><head><title>Invoice 4471</title><style>body { color: red }</style>
<script>var total = "$999,999.00";</script></head>
<body><nav><a href="/">Home</a></nav>
<h1>Invoice 4471</h1>
<p>Customer: <b>Jane Doe</b> (<a href="mailto:jane@example.com">jane@example.com</a>)</p>
<p>Total due: $1,249.50 by April 2, 2024.</p><img src="logo.png" alt="ACME"></body></html>`;

beforeAll(async () => {
  pages = http.createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/invoice') return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(INVOICE);
    if (request.url === '/image') return void response.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('gone');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  // Development mode lets plain HTTP reach loopback (ALLOW_LOCAL_HTTP); production refuses it like any private address.
  service = await startTestService({ env: { FREE_TIER_DAILY: '50' } });
});
afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => pages.close(resolve));
});

const extract = (body: unknown) =>
  fetch(`${service.baseUrl}/extract`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const SCHEMA = { customer: 'string', email: 'email', total: 'money', due_date: 'date' };

describe('/extract from a web page', () => {
  it('reads the page a url names, as text without its scripts, and extracts the fields', async () => {
    const response = await extract({ url: `${pageBase}/invoice`, schema: SCHEMA, model: 'local' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data).toMatchObject({ email: 'jane@example.com', due_date: '2024-04-02' });
    expect(JSON.stringify(body.data.total)).toContain('1249.5');
    expect(JSON.stringify(body)).not.toContain('999,999');
    expect(served).toContain('/invoice');
  });

  it('answers 400 before any fetch for both or neither of text and url', async () => {
    const before = served.length;
    const both = await extract({ url: `${pageBase}/invoice`, text: 'x', schema: SCHEMA });
    const neither = await extract({ schema: SCHEMA });
    expect([both.status, neither.status]).toEqual([400, 400]);
    expect(served).toHaveLength(before);
  });

  it('answers 400 naming the problem for a page that is missing, not text, or at a refused address, and charges nothing', async () => {
    const missing = await json(extract({ url: `${pageBase}/nothing`, schema: SCHEMA, model: 'local' }));
    expect(missing).toMatchObject({ error: 'url answered HTTP 404' });
    const image = await json(extract({ url: `${pageBase}/image`, schema: SCHEMA, model: 'local' }));
    expect(image.error).toMatch(/^url is image\/png, not a web page or text/);
    const metadata = await json(extract({ url: 'http://169.254.169.254/latest/meta-data/', schema: SCHEMA, model: 'local' }));
    expect(metadata).toMatchObject({ code: 'url_refused', error: expect.stringMatching(/^url refused/) });
    const status = await json(fetch(`${service.baseUrl}/free-tier/status`));
    expect(status.used).toBe(1); // only the successful call above spent a free call: failed ones are given back
  });

  it('answers 502 naming the host when the page cannot be reached (it was a 400 blaming the caller), and gives the free call back', async () => {
    const port = await closedPort();
    const refused = await extract({ url: `http://127.0.0.1:${port}/invoice`, schema: SCHEMA, model: 'local' });
    expect(refused.status).toBe(502);
    expect(await json(refused)).toMatchObject({ code: 'bad_gateway', upstream: `127.0.0.1:${port}`, cause: 'connection_refused' });
    const nowhere = await extract({ url: `https://${NO_SUCH_HOST}/invoice`, schema: SCHEMA, model: 'local' });
    expect(nowhere.status).toBe(502);
    expect(await json(nowhere)).toMatchObject({ code: 'bad_gateway', upstream: NO_SUCH_HOST, cause: 'no_such_host' });
    expect((await json(fetch(`${service.baseUrl}/free-tier/status`))).used).toBe(1);
  });
});
