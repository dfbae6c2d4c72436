import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import type { JsonSchema } from '../../schema/registry/types';
import type { RequestState } from '../deps';
import { findUnstorable } from '../../core/validation/storableText';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors/httpErrors';
import { BodyTooLarge, decodedBody, refuseOtherCharset, refusingRestOfBody } from './bodyEncoding';
import { parseJsonObject } from './jsonBody';

/** Room for the form's other fields and boundaries, or the JSON around the base64. */
const ENVELOPE_BYTES = 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Reads an upload: multipart/form-data (the first file part; other parts are text fields) or JSON whose
 * `content_base64` holds the bytes, or one of its aliases (`data`, `content`) does, as the OpenAPI document says (the
 * canonical name wins when both come). The file goes to ctx.state.upload, the other fields to the body for validation.
 * Reading stops storing at the limit: the answer is 413 naming it, and when the rest of the request is still arriving
 * it is drained unread until the answer is written, then the connection is closed (refusingRestOfBody).
 */
export function fileBody(options: {
  maxFileBytes: number;
  docs: string;
  input: JsonSchema;
  aliases?: Readonly<Record<string, string>>;
}): Middleware<RequestState> {
  const bytesUnder = ['content_base64', ...Object.keys(options.aliases ?? {}).filter((alias) => options.aliases![alias] === 'content_base64')];
  const tooLarge = () =>
    new PayloadTooLarge(options.maxFileBytes, options.docs)
      .withMessage(`the file is larger than the limit of ${options.maxFileBytes} bytes`)
      .withFields({ hint: `Upload at most ${options.maxFileBytes} bytes per file.` });
  return async (ctx, next) => {
    const declared = Number(ctx.get('Content-Length') || 0);
    const envelope = ctx.is('multipart/form-data') ? options.maxFileBytes + ENVELOPE_BYTES : Math.ceil(options.maxFileBytes / 3) * 4 + ENVELOPE_BYTES;
    try {
      if (declared > envelope) throw new BodyTooLarge();
      const multipart = ctx.is('multipart/form-data');
      if (!multipart && !ctx.is('application/json', '+json')) {
        throw new UnsupportedMediaType(ctx.get('Content-Type')).withMessage(
          `Content-Type must be multipart/form-data or application/json, not ${ctx.get('Content-Type') || 'missing'}`,
        );
      }
      if (!multipart) refuseOtherCharset(ctx);
      // Decoded bytes count against the envelope: a compressed upload is held to the same size as a plain one.
      const body = decodedBody(ctx, { limitBytes: envelope, docs: options.docs });
      if (multipart) {
        const { fields, file } = await readMultipart(body, ctx.req.headers, options.maxFileBytes, options.docs);
        // Form fields and the file name end up in events: held to what PostgreSQL can store, like JSON bodies.
        const unstorable = findUnstorable({ ...fields, filename: file?.filename ?? '' });
        if (unstorable)
          throw new BadRequest(`${unstorable.path} ${unstorable.reason}`, 'Remove NUL characters from the form fields and file name.', options.docs);
        ctx.request.body = typedFields(fields, options.input);
        if (file) ctx.state.upload = file;
      } else {
        const fields = await readJson(body, envelope, options.docs);
        const name = bytesUnder.find((field) => fields[field] !== undefined);
        if (name !== undefined) {
          ctx.state.upload = { bytes: decodeBase64(fields[name], options.maxFileBytes, options.docs, name), filename: null };
          delete fields[name];
        }
        ctx.request.body = fields;
      }
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      throw refusingRestOfBody(ctx, tooLarge());
    }
    return next();
  };
}

async function readJson(body: Readable, limit: number, docs: string): Promise<Record<string, unknown>> {
  let bytes: Buffer;
  try {
    bytes = await getRawBody(body, { limit });
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    if ((error as { type?: string }).type === 'entity.too.large') throw new BodyTooLarge();
    throw new BadRequest('the request body could not be read', 'Send a complete JSON body.', docs);
  }
  // The same checks as every JSON body: UTF-8, nesting depth, text PostgreSQL can store.
  return parseJsonObject(bytes, docs);
}

/** The bytes of a base64 (or base64url, or data: URL) string; larger than the limit throws before decoding. */
function decodeBase64(encoded: unknown, maxBytes: number, docs: string, field: string): Buffer {
  const hint = 'Send the file as base64 in content_base64, or as multipart/form-data with a file part.';
  if (typeof encoded !== 'string') throw new BadRequest(`${field} must be a string of base64`, hint, docs).forField(field);
  const text = encoded.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw new BadRequest(`${field} is not valid base64`, hint, docs).forField(field);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > maxBytes) throw new BodyTooLarge();
  return Buffer.from(text, 'base64');
}

async function readMultipart(
  body: Readable,
  headers: IncomingHttpHeaders,
  maxFileBytes: number,
  docs: string,
): Promise<{ fields: Record<string, string>; file?: { bytes: Buffer; filename: string | null } }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; filename: string | null } | undefined;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      reject(error);
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: headers as { 'content-type': string }, limits: { files: 1, fileSize: maxFileBytes, fields: 20, fieldSize: 4096 } });
    } catch (error) {
      body.resume();
      reject(
        new BadRequest(
          `the multipart body could not be read: ${(error as Error).message}`,
          'Send multipart/form-data with a boundary and one file part.',
          docs,
        ),
      );
      return;
    }
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on('file', (_field: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, filename: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new BodyTooLarge()));
      stream.on('end', () => {
        if (!stream.truncated) file = { bytes: Buffer.concat(chunks), filename: filename || null };
      });
    });
    parser.on('error', (error: Error) =>
      fail(new BadRequest(`the multipart body could not be read: ${error.message}`, 'Send multipart/form-data with one file part.', docs)),
    );
    parser.on('finish', () => {
      if (!failed) resolve({ fields, file });
    });
    // A decoded body fails on its own stream (too large once decoded, or not decodable): the parser never sees it.
    body.on('error', (error) =>
      fail(
        error instanceof BodyTooLarge || error instanceof BadRequest
          ? error
          : new BadRequest('the request body could not be read', 'Send a complete body.', docs),
      ),
    );
    body.pipe(parser);
  });
}

/** Form fields are text: a field the input declares as a number or a boolean is read as one, as a query string is. */
function typedFields(fields: Record<string, string>, input: JsonSchema): Record<string, unknown> {
  const declared = (input.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const type = declared[name]?.type;
      if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return [name, Number(value)];
      if (type === 'boolean' && (value === 'true' || value === 'false')) return [name, value === 'true'];
      return [name, value];
    }),
  );
}
