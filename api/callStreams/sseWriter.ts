import type { ServerResponse } from 'node:http';

export interface SseWriter {
  /** One event: `event: <name>` and a single `data:` line of JSON. */
  send(event: string, data: unknown): void;
  /** One unnamed event: a `data:` line of JSON, or of the text as it is (OpenAI's closing `[DONE]`). */
  data(data: unknown): void;
  end(): void;
}

/** A comment line now and then, so proxies that drop idle connections keep a slow stream open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Server-sent events written straight to the Node response. (Not better-sse, which is no longer a dependency: it ties
 * a session's life to the request's `close` event, which Node 20 emits as soon as a POST body has been read, and these
 * streams answer POSTs; what is written here is three kinds of line.)
 */
export function openSse(res: ServerResponse): SseWriter {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  const writable = () => !res.writableEnded && !res.destroyed;
  const timer = setInterval(() => writable() && res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  timer.unref();
  return {
    send(event, data) {
      if (writable()) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    data(data) {
      if (writable()) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(timer);
      if (writable()) res.end();
    },
  };
}
