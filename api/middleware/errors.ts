import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RequestState } from '../deps';
import { HttpError } from '../errors/httpErrors';

/** The one place errors become responses: typed errors in the spec's shape, anything else a 500 without internals. */
export function errors(options: { log: Logger; supportUrl: string }): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
        ctx.body = error.body();
        return;
      }
      options.log.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = {
        error: 'internal error: the request could not be completed',
        request_id: ctx.state.requestId,
        status: 'error',
        support: `${options.supportUrl} (quote the request_id)`,
      };
    }
  };
}
