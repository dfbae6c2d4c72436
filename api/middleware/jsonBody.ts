import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { findUnstorable, jsonDepth } from '../../core/validation/storableText';
import type { RequestState } from '../deps';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors/httpErrors';
import { decodedBody, refuseOtherCharset, refusingRestOfBody } from './bodyEncoding';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/** Deeper than any real request nests; far below where cloning, validating or serialising the value would fail. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON object body. An empty body is `{}` (validation then names what is missing); any other content type, a
 * charset other than UTF-8 and a Content-Encoding other than gzip, deflate or br are 415; a body larger than the limit
 * once decoded is 413 (closing the connection when the body is still arriving); bytes that are not UTF-8, malformed JSON, nesting deeper than MAX_JSON_DEPTH and text
 * PostgreSQL cannot store (NUL, lone surrogates) are 400s saying what and where, before anything runs.
 */
export function jsonBody(options: { limitBytes: number; docs: string }): Middleware<RequestState> {
  const { docs } = options;
  return async (ctx, next) => {
    // Read ahead already (api/admission/shedEarly.ts reads it to decide a call's pool when its default one is full).
    if (ctx.request.body !== undefined) return next();
    const length = Number(ctx.get('Content-Length') || 0);
    const hasBody = length > 0 || Boolean(ctx.get('Transfer-Encoding'));
    if (!hasBody) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) throw new UnsupportedMediaType(ctx.get('Content-Type'));
    refuseOtherCharset(ctx);
    if (length > options.limitBytes) throw refusingRestOfBody(ctx, new PayloadTooLarge(options.limitBytes, docs));
    const body = decodedBody(ctx, { limitBytes: options.limitBytes, docs });
    let bytes: Buffer;
    try {
      // A declared length is checked against what arrives, for a body sent as is (a decoded one has its own size).
      bytes = await getRawBody(body, { limit: options.limitBytes, length: body === ctx.req ? length || undefined : undefined });
    } catch (error) {
      if (error instanceof BadRequest) throw error;
      if ((error as { type?: string }).type === 'entity.too.large') throw refusingRestOfBody(ctx, new PayloadTooLarge(options.limitBytes, docs));
      throw new BadRequest('the request body could not be read', 'Send a complete JSON body.', docs);
    }
    ctx.request.body = parseJsonObject(bytes, docs);
    return next();
  };
}

/**
 * A request body's bytes as one JSON object, or a 400 saying what is wrong: not UTF-8, nested deeper than
 * MAX_JSON_DEPTH, malformed, not an object, or holding text PostgreSQL cannot store. Every JSON reader uses it.
 */
export function parseJsonObject(bytes: Buffer, docs: string): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new BadRequest('the request body is not valid UTF-8', 'Send the JSON encoded as UTF-8.', docs).withCode('invalid_json');
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new BadRequest(
      `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
      `Flatten the structure to at most ${MAX_JSON_DEPTH} nested arrays or objects.`,
      docs,
    ).withCode('invalid_json');
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new BadRequest(`invalid JSON: ${(error as Error).message}`, 'Check quotes, commas and brackets; the body must be one JSON object.', docs).withCode(
      'invalid_json',
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequest('the request body must be a JSON object', 'Wrap the fields in { }.', docs).withCode('invalid_json');
  }
  const unstorable = findUnstorable(parsed);
  if (unstorable) {
    throw new BadRequest(`${unstorable.path} ${unstorable.reason}`, 'Remove NUL characters and unpaired surrogates (\\ud800–\\udfff) from the text.', docs);
  }
  return parsed as Record<string, unknown>;
}
