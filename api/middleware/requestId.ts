import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { RequestState } from '../deps';

// Callers may correlate with their own id; anything that could smuggle header or log syntax is replaced.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): Middleware<RequestState> {
  return async (ctx, next) => {
    const sent = ctx.get('X-Request-Id');
    ctx.state.requestId = ACCEPTABLE.test(sent) ? sent : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
