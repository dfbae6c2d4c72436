import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { createSafeFetch } from '../../core/net/safeFetch';
import type { Db } from '../../core/db/createDb';
import { loadConfig } from '../../core/config/loadConfig';
import { callApi, joinUrl } from './callApi';

let server: http.Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    hits++;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"internal":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** As a production worker calls APIs for /catalog/{id}/invoke and /api-call: no plain HTTP, no loopback. */
const production = { db: undefined as unknown as Db, config: loadConfig({ APP_ENV: 'test' }), safeFetch: createSafeFetch({ allowLocalHttp: false }) };

describe('API calls behind the outgoing-URL guard in production', () => {
  it.each([`http://127.0.0.1:PORT/api`, `https://127.0.0.1:PORT/api`, `https://localhost:PORT/api`, 'https://169.254.169.254/latest', 'https://10.0.0.8/api'])(
    'refuse %s without reaching it',
    async (base) => {
      const failure = await callApi(production, { url: base.replace('PORT', String(port)), path: '/items' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect((failure as ApplicationFailure).message).toMatch(/^url refused: /);
      expect(hits).toBe(0);
    },
  );
});

describe('the address of an API call', () => {
  it('is the base URL, the path below it and the query merged into the base’s own', () => {
    expect(joinUrl('https://api.example/v1/', '/items', { limit: 2, q: 'a b' })).toBe('https://api.example/v1/items?limit=2&q=a+b');
    expect(joinUrl('https://api.example/v1?key=k', 'items', {})).toBe('https://api.example/v1/items?key=k');
    expect(joinUrl('https://api.example/v1', '', {})).toBe('https://api.example/v1');
  });

  it('never climbs out of the base URL', () => {
    expect(() => joinUrl('https://api.example/v1', '/../admin', {})).toThrow('path may not contain . or .. segments');
    expect(() => joinUrl('https://api.example/v1', '/a/./b', {})).toThrow();
    expect(() => joinUrl('https://api.example/v1', '/%2E%2e/admin', {})).toThrow();
    expect(joinUrl('https://api.example/v1', '/a..b/c', {})).toBe('https://api.example/v1/a..b/c');
  });
});
