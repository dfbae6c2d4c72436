import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { createSafeFetch } from '../../core/net/safeFetch';
import { loadConfig } from '../../core/config/loadConfig';
import { trackCallProgress } from '../tools/callProgress';
import type { ToolContext, ToolDeps } from '../tools/toolImplementation';
import { scrape } from './scrape';

let server: http.Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    hits++;
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Internal</title><p>secret</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The tool as a production worker runs it: the URL guard allows no plain HTTP and no loopback. */
function productionContext(): ToolContext {
  const config = loadConfig({ APP_ENV: 'test', ALLOW_LOCAL_HTTP: 'false' });
  const deps = { config, safeFetch: createSafeFetch({ allowLocalHttp: false }) } as Partial<ToolDeps> as ToolDeps;
  const runTool = () => Promise.reject(new Error('no nested tools here'));
  return { callId: 'c1', requestId: 'c1', payer: undefined, progress: trackCallProgress(), deps, runTool };
}

describe('/scrape behind the outgoing-URL guard in production', () => {
  it.each([
    ['plain HTTP to loopback', () => `http://127.0.0.1:${port}/`],
    ['https to a loopback address', () => `https://127.0.0.1:${port}/`],
    ['https to localhost', () => `https://localhost:${port}/`],
    ['IPv6 loopback', () => `https://[::1]:${port}/`],
    ['a metadata address', () => 'https://169.254.169.254/latest/meta-data/'],
    ['a private address', () => 'https://192.168.1.1/'],
  ])('refuses %s as the caller’s error, without reaching it', async (_what, url) => {
    const failure = await scrape({ url: url(), include_links: true }, productionContext()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect((failure as ApplicationFailure).type).toBe('InvalidInput');
    expect((failure as ApplicationFailure).message).toMatch(/^url refused: /);
    expect(hits).toBe(0);
  });
});
