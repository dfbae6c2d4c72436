import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RequestState } from '../deps';
import { HttpError } from '../errors/httpErrors';
import { wireFormatAt } from '../wire';

/**
 * The one place errors become responses: typed errors in the spec's shape, anything else a 500 without internals;
 * on a route that speaks a vendor's format (/v1/chat/completions, /v1/messages), in that vendor's error shape.
 */
export function errors(options: { log: Logger; supportUrl: string }): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
        ctx.body = wireFormatAt(ctx.path).errorBody({ status: error.status, body: error.body(), field: error.field });
        return;
      }
      options.log.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      const body = {
        error: 'internal error: the request could not be completed',
        request_id: ctx.state.requestId,
        status: 'error',
        support: `${options.supportUrl} (quote the request_id)`,
      };
      ctx.body = wireFormatAt(ctx.path).errorBody({ status: 500, body });
    }
  };
}
