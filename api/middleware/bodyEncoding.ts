import { type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { Socket } from 'node:net';
import type { Context } from 'koa';
import { BadRequest, type HttpError, UnsupportedMediaType } from '../errors/httpErrors';

/** The decoded body went past its reader's limit (413). */
export class BodyTooLarge extends Error {
  /** What raw-body calls its own limit error, so a reader maps both the same way. */
  readonly type = 'entity.too.large';
}

/**
 * A refusal of a body (413) given while the body may still be arriving: the answer says `Connection: close`, and once
 * it is written the connection is closed (lingeringClose), so a client still sending (a chunked upload that never
 * ends) learns at once that nothing more is read, instead of uploading into a request already refused. Until then the
 * rest is read and dropped. A body that arrived whole leaves the connection open for the next request.
 */
export function refusingRestOfBody<E extends HttpError>(ctx: Context, refusal: E): E {
  const arrived = ctx.req.complete;
  ctx.req.unpipe();
  ctx.req.resume();
  if (arrived) return refusal;
  lingeringClose(ctx.req.socket);
  return refusal.withHeaders({ Connection: 'close' });
}

/** How long a refused body may go on arriving, read and dropped, after the answer was written and our side closed. */
const LINGER_MS = 5_000;

/**
 * How the socket is closed once a `Connection: close` answer is written. Node's own way (destroySoon: end our side,
 * then destroy the socket as soon as that is written) resets a connection the client is still sending on, and a
 * client busy writing then meets the reset (EPIPE) before it reads the answer: it never learns why. Instead, as RFC
 * 9112 §9.6 asks ("lingering close"), our side is ended and the socket goes on reading and dropping what arrives until
 * the client ends its own side, having read the answer, or LINGER_MS pass.
 */
function lingeringClose(socket: Socket): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => {
    socket.end();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(cut));
    socket.resume();
  };
}

/** The Content-Encodings a request body may arrive in, each undone as it streams in. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/**
 * The request body as decoded bytes. A body sent with Content-Encoding gzip, deflate or br (or several, in the order
 * applied) is decoded as it arrives and counted after decoding, so a small compressed body cannot expand past
 * `limitBytes` (the stream fails with BodyTooLarge); bytes that do not decode fail it with a 400. Any other coding is
 * a 415 before anything is read. Without one, the request itself is returned.
 */
export function decodedBody(ctx: Context, options: { limitBytes: number; docs: string }): Readable {
  const codings = ctx
    .get('Content-Encoding')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const unknown = codings.find((coding) => !Object.hasOwn(DECODERS, coding));
  if (unknown !== undefined) {
    throw new UnsupportedMediaType(ctx.get('Content-Type'))
      .withMessage(`Content-Encoding ${unknown} is not supported`)
      .withFields({ hint: 'Send the body uncompressed, or compressed with Content-Encoding gzip, deflate or br.' });
  }
  if (codings.length === 0) return ctx.req;
  const decoders = codings.reverse().map((coding) => ({ coding, stream: DECODERS[coding]!() }));
  let decoded = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      decoded += chunk.byteLength;
      done(decoded > options.limitBytes ? new BodyTooLarge(`the decoded body is over ${options.limitBytes} bytes`) : null, chunk);
    },
  });
  const stop = (error: Error) => {
    // The rest of the request is read and dropped, so the answer can still be sent on this connection.
    ctx.req.unpipe();
    ctx.req.resume();
    for (const { stream } of decoders) stream.destroy();
    counted.destroy(error);
  };
  const cut = () => {
    if (!ctx.req.complete) stop(new BadRequest('the request body could not be read', 'Send a complete body.', options.docs));
  };
  ctx.req.on('close', cut);
  counted.on('close', () => ctx.req.off('close', cut));
  let upstream: Readable = ctx.req;
  for (const { coding, stream } of decoders) {
    upstream.pipe(stream);
    stream.on('error', (error) =>
      stop(
        new BadRequest(
          `the request body is not valid ${coding}: ${error.message}`,
          `Send the body compressed whole with ${coding}, or uncompressed.`,
          options.docs,
        ),
      ),
    );
    upstream = stream;
  }
  upstream.pipe(counted);
  counted.on('error', (error) => {
    if (error instanceof BodyTooLarge) stop(error);
  });
  return counted;
}

/**
 * JSON is UTF-8 (RFC 8259): a body declared in another charset is a 415 rather than bytes read as what they are not.
 * Any WHATWG label for UTF-8 (utf-8, utf8, unicode-1-1-utf-8 …), in any case, is accepted.
 */
export function refuseOtherCharset(ctx: Context): void {
  const charset = ctx.request.charset;
  if (charset === '' || encodingOf(charset) === 'utf-8') return;
  throw new UnsupportedMediaType(ctx.get('Content-Type'))
    .withMessage(`charset ${charset} is not supported: the body must be UTF-8`)
    .withFields({ hint: "Send the JSON encoded as UTF-8, with 'Content-Type: application/json' (or charset=utf-8)." });
}

function encodingOf(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}
