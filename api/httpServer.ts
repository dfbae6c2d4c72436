import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from './errors/errorCodes';
import { API_VERSION } from './middleware/versionHeaders';

/**
 * The API's HTTP server. Requests Node refuses before the app sees them (headers over its limit, malformed header
 * lines, a request that never finished) are answered here in the spec's JSON shape with the usual headers, instead
 * of Node's bare status line.
 */
export function createHttpServer(app: { callback(): http.RequestListener }, docs: string): http.Server {
  const server = http.createServer(app.callback());
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, docs));
  return server;
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, docs: string): void {
  // Nothing to answer on a connection the client already dropped.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] = refusalOf(error.code, docs);
  const text = JSON.stringify(body);
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    `X-Request-Id: ${randomUUID()}`,
    `X-API-Version: ${API_VERSION}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
}

function refusalOf(code: string | undefined, docs: string): [number, string, Record<string, unknown>] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'Request Header Fields Too Large',
        {
          error: `the request line and headers are larger than ${http.maxHeaderSize} bytes`,
          code: 'headers_too_large' satisfies ErrorCode,
          hint: 'Send shorter headers and a shorter query string; put large input in a JSON body.',
        },
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        408,
        'Request Timeout',
        { error: 'the request was not received in time', code: 'request_timeout' satisfies ErrorCode, hint: 'Send the whole request at once.' },
      ];
    default:
      return [
        400,
        'Bad Request',
        { error: 'malformed HTTP request', code: 'invalid_request' satisfies ErrorCode, hint: 'Check the request line and header syntax.', docs },
      ];
  }
}
