import type { Middleware } from 'koa';
import type { RequestState } from '../deps';
import { Unauthorized } from '../errors/httpErrors';

/** Endpoints about a key need one: 401 with how to send or get it. */
export function requireKey(): Middleware<RequestState> {
  return async (ctx, next) => {
    if (ctx.state.caller?.kind !== 'key') {
      throw new Unauthorized('missing API key', 'Send it as "Authorization: Bearer apk_…" or "X-API-Key: apk_…"; get one free with POST /auth/generate-key.');
    }
    await next();
  };
}
