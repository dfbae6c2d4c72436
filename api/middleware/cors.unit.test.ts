import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import type { RequestState } from '../deps';
import { cors } from './cors';

/** A Koa app of the middleware and an answer, on loopback: what a browser would be told, header by header. */
async function serve(origins: readonly string[]): Promise<{ url: string; server: Server }> {
  const app = new Koa<RequestState>();
  app.use(cors(origins));
  app.use((ctx) => {
    ctx.set('X-Request-Id', 'req-1');
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const preflight = (url: string, origin: string) =>
  fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' } });

describe('cors', () => {
  it('with a list of origins, answers a listed one by name (varying by Origin) and tells any other nothing', async () => {
    const { url, server } = await serve(['https://app.example.com', 'https://admin.example.com']);
    try {
      const listed = await fetch(url, { headers: { Origin: 'https://admin.example.com' } });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
      expect(listed.headers.get('vary')).toContain('Origin');
      const other = await fetch(url, { headers: { Origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight(url, 'https://app.example.com')).headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      // Not answered as a preflight: the request goes on to the routes, which know no OPTIONS (the app answers 405).
      expect((await preflight(url, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      server.close();
    }
  });

  it('with `*`, lets any page read the answer without cookies, and with no origins at all, none', async () => {
    const open = await serve(['*']);
    const closed = await serve([]);
    try {
      const answer = await fetch(open.url, { headers: { Origin: 'https://anywhere.example' } });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect((await preflight(open.url, 'https://anywhere.example')).status).toBe(204);
      expect((await fetch(closed.url, { headers: { Origin: 'https://anywhere.example' } })).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      open.server.close();
      closed.server.close();
    }
  });
});
