import type { Middleware } from 'koa';
import proxyAddr from 'proxy-addr';
import type { RequestState } from '../deps';

/** The caller's address: the socket's, unless the socket is a configured proxy whose X-Forwarded-For we then believe. */
export function clientIp(trustedProxies: readonly string[]): Middleware<RequestState> {
  const trust = proxyAddr.compile([...trustedProxies]);
  return async (ctx, next) => {
    ctx.state.clientIp = normalize(proxyAddr(ctx.req, trust));
    await next();
  };
}

function normalize(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
