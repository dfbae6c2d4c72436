import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/** How the receiver answers a request: a status (and headers), e.g. 503, or a redirect. */
export type Answer = { readonly status: number; readonly headers?: Record<string, string> };

/**
 * A webhook receiver on loopback, as a customer would run one: it records what arrives and answers as told.
 * down() closes its port (connection refused), up() opens the same port again. Each test uses its own path.
 */
export class CallbackReceiver {
  readonly calls: ReceivedCall[] = [];
  private readonly queued = new Map<string, Answer[]>();
  private readonly standing = new Map<string, Answer>();
  private server: http.Server | undefined;
  private port = 0;

  static async start(): Promise<CallbackReceiver> {
    const receiver = new CallbackReceiver();
    await receiver.up();
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers for the next requests to this path; then its standing answer (200 unless set). */
  answerNext(path: string, ...answers: Answer[]): void {
    this.queued.set(path, [...(this.queued.get(path) ?? []), ...answers]);
  }

  answerAlways(path: string, answer: Answer): void {
    this.standing.set(path, answer);
  }

  async up(): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.calls.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const answer = this.queued.get(path)?.shift() ?? this.standing.get(path) ?? { status: 200 };
        response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Requests that carried this header value (e.g. a delivery id). */
  callsWith(header: string, value: string): ReceivedCall[] {
    return this.calls.filter((c) => c.headers[header.toLowerCase()] === value);
  }
}

/**
 * The receiver's side of the documented recipe, written from the documentation rather than from our code:
 * X-Webhook-Signature is `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the whole secret.
 */
export function verifySignature(secret: string, header: string | string[] | undefined, rawBody: string, toleranceSeconds = 300): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
