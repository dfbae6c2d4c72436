import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RequestState } from '../deps';

/** One structured line a request: id, method, path, tool, payer, status, duration. */
export function logRequests(log: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      log.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          tool: ctx.state.tool,
          payer: ctx.state.payerLabel,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
