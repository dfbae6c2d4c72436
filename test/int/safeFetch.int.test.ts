import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAddress } from '../../core/net/addressPolicy';
import { networkFailureOf } from '../../core/net/networkFailure';
import { createSafeFetch, UnsafeUrl, URL_REFUSED } from '../../core/net/safeFetch';
import { type BrokenServer, brokenServer, closedPort, NO_SUCH_HOST } from '../support/brokenServers';

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/redirect?to=')) {
      res.writeHead(302, { Location: decodeURIComponent(req.url.slice('/redirect?to='.length)) });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('address policy', () => {
  it.each([
    ['169.254.169.254', false],
    ['10.1.2.3', false],
    ['192.168.0.1', false],
    ['172.16.5.4', false],
    ['100.100.100.200', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['127.0.0.1', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s is allowed: %s', (address, allowed) => {
    expect(checkAddress(address, false).ok).toBe(allowed);
  });
});

describe('safe fetch', () => {
  it('refuses plain HTTP and loopback in production mode', async () => {
    const strict = createSafeFetch({ allowLocalHttp: false });
    await expect(strict(`${base}/`)).rejects.toThrow(UnsafeUrl);
    await expect(strict('https://127.0.0.1/')).rejects.toMatchObject({ reason: expect.stringMatching(/loopback/) });
    await expect(strict('https://localhost/')).rejects.toMatchObject({ reason: expect.stringMatching(/loopback/) });
    await expect(strict('https://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({ reason: expect.stringMatching(/linkLocal/) });
    await expect(strict('https://[fd00:ec2::254]/')).rejects.toMatchObject({ reason: expect.stringMatching(/uniqueLocal/) });
    // IPv6 literals that carry a non-public IPv4 address, which URL parsing normalises (::169.254.169.254 is ::a9fe:a9fe).
    for (const url of [
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::ffff:0:a9fe:a9fe]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://[2002:a9fe:a9fe::]/',
    ]) {
      await expect(strict(url)).rejects.toMatchObject({ reason: expect.stringMatching(/carries 169\.254\.169\.254 .*linkLocal/) });
    }
    await expect(strict('https://[::10.0.0.1]/')).rejects.toMatchObject({ reason: expect.stringMatching(/carries 10\.0\.0\.1 .*private/) });
    await expect(strict('https://[::127.0.0.1]/')).rejects.toMatchObject({ reason: expect.stringMatching(/carries 127\.0\.0\.1 .*loopback/) });
    await expect(strict('ftp://example.com/')).rejects.toMatchObject({ reason: expect.stringMatching(/https/) });
    await expect(strict('https://user:pw@example.com/')).rejects.toMatchObject({ reason: expect.stringMatching(/credentials/) });
  });

  it('allows plain HTTP to loopback when the development setting is on, and nothing else over HTTP', async () => {
    const dev = createSafeFetch({ allowLocalHttp: true });
    const response = await dev(`${base}/`);
    expect(await response.text()).toBe('hello');
    await expect(dev('http://10.0.0.1/')).rejects.toMatchObject({ reason: expect.stringMatching(/loopback only/) });
  });

  it('tells callers the same thing whatever the refused destination, keeping the reason for logs', async () => {
    const strict = createSafeFetch({ allowLocalHttp: false });
    const refusals = await Promise.all(
      ['https://127.0.0.1:5432/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'http://example.com/', 'https://user:pw@example.com/'].map((url) =>
        strict(url).then(
          () => null,
          (error: unknown) => error as UnsafeUrl,
        ),
      ),
    );
    expect(refusals.every((r) => r instanceof UnsafeUrl)).toBe(true);
    expect(new Set(refusals.map((r) => r?.message))).toEqual(new Set([URL_REFUSED]));
    expect(new Set(refusals.map((r) => r?.reason)).size).toBe(refusals.length);
  });

  it('checks every redirect hop', async () => {
    const dev = createSafeFetch({ allowLocalHttp: true });
    await expect(dev(`${base}/redirect?to=${encodeURIComponent('https://169.254.169.254/latest/meta-data/')}`)).rejects.toMatchObject({
      reason: expect.stringMatching(/linkLocal/),
    });
    await expect(dev(`${base}/redirect?to=${encodeURIComponent('http://192.168.1.1/')}`)).rejects.toMatchObject({
      reason: expect.stringMatching(/loopback only/),
    });
    const followed = await dev(`${base}/redirect?to=${encodeURIComponent(`${base}/ok`)}`);
    expect(await followed.text()).toBe('hello');
  });
});

describe('what a failed fetch says about the server it tried to reach', () => {
  const dev = createSafeFetch({ allowLocalHttp: true, timeoutMs: 1_000 });
  const failureOf = (url: string) =>
    dev(url).then(
      () => null,
      (error: unknown) => networkFailureOf(error),
    );
  const servers: BrokenServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));
  const broken = async (behaviour: Parameters<typeof brokenServer>[0]) => {
    const server = await brokenServer(behaviour);
    servers.push(server);
    return server;
  };

  it('a port nobody listens on refused the connection', async () => {
    expect(await failureOf(`http://127.0.0.1:${await closedPort()}/`)).toEqual({ cause: 'connection_refused', code: 'ECONNREFUSED' });
  });

  it('a name that resolves nowhere has no such host', async () => {
    expect(await failureOf(`https://${NO_SUCH_HOST}/`)).toEqual({ cause: 'no_such_host', code: 'ENOTFOUND' });
  });

  it('a server that resets, one that answers something else than HTTP, and TLS spoken to a plain HTTP server', async () => {
    expect(await failureOf(`${(await broken('reset')).base}/`)).toMatchObject({ cause: expect.stringMatching(/^connection_(reset|refused)$/) });
    expect(await failureOf(`${(await broken('not-http')).base}/`)).toEqual({ cause: 'bad_response', code: 'HTTPParserError' });
    expect(await failureOf(`https://127.0.0.1:${new URL(base).port}/`)).toEqual({ cause: 'tls_failed', code: 'ERR_SSL_WRONG_VERSION_NUMBER' });
  });

  it('a server that never answers timed out', async () => {
    expect(await failureOf(`${(await broken('silent')).base}/`)).toEqual({ cause: 'timeout', code: 'TimeoutError' });
  });

  it('a destination the guard refuses is no network failure (the caller’s 400)', async () => {
    expect(await failureOf('http://10.0.0.1/')).toBeNull();
  });
});
