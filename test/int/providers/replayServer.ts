import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/** One SSE frame as the provider sends it: `event:` (optional) and `data:` lines, or a `:` comment line (keep-alive). */
export type SseFrame = { readonly event?: string; readonly data: unknown } | { readonly comment: string };

/** A recorded exchange: what the SDK must ask for, and what the provider answered. */
export interface Recording {
  readonly source: string;
  readonly request: { readonly method: string; readonly path: string };
  readonly response: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: unknown;
    readonly sse?: { readonly lineEnding?: '\n' | '\r\n'; readonly frames: readonly SseFrame[] };
  };
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

export interface ReplayOptions {
  /** Stop sending after this many SSE frames and keep the connection open (to see a client abort). */
  readonly stallAfterFrames?: number;
  /** Never answer at all (to see a client time-out). */
  readonly hang?: boolean;
}

export interface ReplayServer {
  readonly origin: string;
  readonly received: ReceivedRequest[];
  /** Serves this recording to the next request. */
  replay(recording: Recording, options?: ReplayOptions): void;
  /** Resolves when the client closed the connection of the last request before its answer was complete. */
  clientHungUp(): Promise<void>;
  close(): Promise<void>;
}

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'providers');

export function loadRecording(provider: string, name: string): Recording {
  return JSON.parse(readFileSync(path.join(FIXTURES, provider, `${name}.json`), 'utf8')) as Recording;
}

/**
 * A loopback HTTP server that plays a provider's recorded answers back on the wire: JSON bodies as they were,
 * streams frame by frame in their own SSE framing, each frame its own write (the first split in two) so
 * the SDK's parser meets real chunk boundaries. A request that does not match the recording gets a 404.
 */
export async function startReplayServer(): Promise<ReplayServer> {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let next: { recording: Recording; options: ReplayOptions } | undefined;
  let hungUp: Promise<void> = Promise.resolve();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
      received.push(request);
      // 'close' before end() means the client went away mid-answer.
      hungUp = new Promise((resolve) => res.on('close', () => (res.writableEnded ? undefined : resolve())));
      res.on('error', () => undefined); // writes after a client abort are expected, not a test failure
      const serve = next;
      next = undefined;
      if (!serve || serve.recording.request.method !== request.method || serve.recording.request.path !== request.path) {
        const expected = serve ? `${serve.recording.request.method} ${serve.recording.request.path}` : 'nothing';
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `replay expected ${expected}, got ${request.method} ${request.path}` }));
        return;
      }
      if (serve.options.hang) return;
      void answer(res, serve.recording, serve.options);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    replay(recording, options = {}) {
      next = { recording, options };
    },
    clientHungUp: () => hungUp,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answer(res: ServerResponse, recording: Recording, options: ReplayOptions): Promise<void> {
  const { status, headers, body, sse } = recording.response;
  if (!sse) {
    res.writeHead(status, headers).end(typeof body === 'string' ? body : JSON.stringify(body));
    return;
  }
  res.writeHead(status, headers);
  const eol = sse.lineEnding ?? '\n';
  for (const [index, frame] of sse.frames.entries()) {
    if (res.destroyed || (options.stallAfterFrames !== undefined && index >= options.stallAfterFrames)) return;
    const text = encodeFrame(frame, eol);
    if (index === 0) {
      res.write(text.slice(0, Math.ceil(text.length / 2)));
      await tick();
      res.write(text.slice(Math.ceil(text.length / 2)));
    } else {
      res.write(text);
    }
    await tick();
  }
  res.end();
}

function encodeFrame(frame: SseFrame, eol: string): string {
  if ('comment' in frame) return `: ${frame.comment}${eol}${eol}`;
  const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data);
  return `${frame.event === undefined ? '' : `event: ${frame.event}${eol}`}data: ${data}${eol}${eol}`;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
