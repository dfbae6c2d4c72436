import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import type { RequestState } from '../deps';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors/httpErrors';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/**
 * Reads a JSON object body. An empty body is `{}` (validation then names what is missing); any other
 * content type is 415; malformed JSON is 400 with where it broke.
 */
export function jsonBody(options: { limitBytes: number; docs: string }): Middleware<RequestState> {
  return async (ctx, next) => {
    const length = Number(ctx.get('Content-Length') || 0);
    const hasBody = length > 0 || Boolean(ctx.get('Transfer-Encoding'));
    if (!hasBody) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) throw new UnsupportedMediaType(ctx.get('Content-Type'));
    let text: string;
    try {
      text = await getRawBody(ctx.req, { limit: options.limitBytes, encoding: 'utf8', length: length || undefined });
    } catch (error) {
      if ((error as { type?: string }).type === 'entity.too.large') throw new PayloadTooLarge(options.limitBytes, options.docs);
      throw new BadRequest('the request body could not be read', 'Send a complete JSON body.', options.docs);
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new BadRequest(`invalid JSON: ${(error as Error).message}`, 'Check quotes, commas and brackets; the body must be one JSON object.', options.docs);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new BadRequest('the request body must be a JSON object', 'Wrap the fields in { }.', options.docs);
    }
    ctx.request.body = parsed;
    return next();
  };
}
