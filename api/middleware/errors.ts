import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RequestState } from '../deps';
import { BadRequest, HttpError } from '../errors/httpErrors';
import { wireFormatAt } from '../wire/wireFormats';

export interface ErrorOptions {
  readonly log: Logger;
  readonly supportUrl: string;
  readonly docs: string;
}

/**
 * The one place errors become responses: typed errors in the spec's shape, anything else a 500 without internals;
 * on a route that speaks a vendor's format (/v1/chat/completions, /v1/messages, any path under /v1/), in that vendor's
 * error shape.
 */
export function errors(options: ErrorOptions): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      answerError(ctx, caught, options);
    }
  };
}

/** Sets the response an error maps to (what errors() does; the idempotency layer answers with it too, to keep it). */
export function answerError(ctx: Context & { state: RequestState }, caught: unknown, options: ErrorOptions): void {
  const error = refusedValue(caught, options.docs) ?? caught;
  if (error instanceof HttpError) {
    ctx.status = error.status;
    if (error.upstreamMs !== undefined) ctx.state.upstreamMs = error.upstreamMs;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    ctx.body = wireFormatAt(ctx.path, ctx.headers).errorBody({ status: error.status, body: error.body(), field: error.field });
    return;
  }
  options.log.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
  ctx.status = 500;
  const body = {
    error: 'internal error: the request could not be completed',
    code: 'internal_error',
    request_id: ctx.state.requestId,
    status: 'error',
    support: `${options.supportUrl} (quote the request_id)`,
  };
  ctx.body = wireFormatAt(ctx.path, ctx.headers).errorBody({ status: 500, body });
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: bad encoding, NUL in text, a value out of range) are about a value
 * the caller sent that the edge checks let through: a 400, never a 500. Anything else stays an internal error.
 */
function refusedValue(error: unknown, docs: string): BadRequest | null {
  const code = (error as { code?: unknown } | null)?.code;
  const fromPostgres = error instanceof Error && typeof (error as { severity?: unknown }).severity === 'string';
  if (!fromPostgres || typeof code !== 'string' || !code.startsWith('22')) return null;
  return new BadRequest('a value in the request cannot be stored', 'Check the text for NUL characters or invalid Unicode, and numbers for their range.', docs);
}
