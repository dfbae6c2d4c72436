import type { Middleware } from 'koa';

export const API_VERSION = '1.9.0';

export function versionHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-API-Version', API_VERSION);
    await next();
  };
}
