import { randomUUID } from 'node:crypto';

/** One request a caller made, as the caller saw it: retried with the same X-Request-Id until it was answered. */
export interface TrackedRequest {
  readonly kind: 'call' | 'job' | 'test-event';
  readonly key: string;
  readonly requestId: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  attempts: number;
  /** The status of the last answer (0: no answer: the connection failed). */
  lastStatus: number;
  answer?: Record<string, unknown>;
}

export interface LoadOptions {
  readonly baseUrl: () => string;
  readonly keys: readonly string[];
  readonly callbackUrl: string;
  /** Concurrent callers making paid calls, per key. */
  readonly callersPerKey: number;
  /** How long one caller keeps retrying one request before it moves on (the request can still be collected later). */
  readonly patienceMs: number;
}

// Retried as a client would: no answer, or an answer that says to come back (503 still running, 502/504 from a proxy, 500).
const RETRYABLE = (status: number) => status === 0 || status >= 500 || status === 429;

const TEXTS = [
  'The release went smoothly and customers are delighted with the faster checkout.',
  'Support queues doubled after the outage; several customers asked for refunds.',
  'Durable workflows record every step, so a crash resumes where it stopped.',
  'The quarterly report shows steady growth in three regions and a decline in one.',
];

/** Requests on the wire right now (sent, not yet answered). */
export const onTheWire = { count: 0 };

/** Sends one tracked request once; records what came back. */
export async function send(baseUrl: string, request: TrackedRequest): Promise<void> {
  request.attempts++;
  onTheWire.count++;
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${request.key}`, 'X-Request-Id': request.requestId },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    });
    request.lastStatus = response.status;
    const text = await response.text();
    if (response.status === 200) request.answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    request.lastStatus = 0;
  } finally {
    onTheWire.count--;
  }
}

/**
 * Steady load on several keys until `until`: paid calls (offline tools, the quick local path), async jobs with a
 * callback, and test events that become webhook deliveries. Every request carries its own X-Request-Id and is
 * retried with it, unchanged, while the services come and go.
 */
export function startLoad(options: LoadOptions, until: () => boolean): { readonly requests: TrackedRequest[]; readonly done: Promise<void> } {
  const requests: TrackedRequest[] = [];
  const track = (kind: TrackedRequest['kind'], key: string, path: string, body: Record<string, unknown>) => {
    const request: TrackedRequest = { kind, key, requestId: `chaos-${kind}-${randomUUID()}`, path, body, attempts: 0, lastStatus: -1 };
    requests.push(request);
    return request;
  };
  const persist = async (request: TrackedRequest) => {
    const giveUpAt = Date.now() + options.patienceMs;
    for (;;) {
      await send(options.baseUrl(), request);
      if (!RETRYABLE(request.lastStatus) || Date.now() > giveUpAt || until()) return;
      await pause(300);
    }
  };
  const caller = async (key: string, n: number) => {
    for (let i = 0; !until(); i++) {
      const tool = (n + i) % 3 === 0 ? '/summarize' : (n + i) % 3 === 1 ? '/sentiment' : '/keywords';
      await persist(track('call', key, tool, { text: TEXTS[(n + i) % TEXTS.length] }));
    }
  };
  const submitter = async (key: string) => {
    for (let i = 0; !until(); i++) {
      await persist(track('job', key, '/async/submit', { tool: 'sentiment', params: { text: TEXTS[i % TEXTS.length] }, callback_url: options.callbackUrl }));
      await pause(1000);
    }
  };
  const notifier = async (key: string) => {
    while (!until()) {
      await persist(track('test-event', key, '/webhooks/test-event', {}));
      await pause(2000);
    }
  };
  const loops = options.keys.flatMap((key) => [...Array.from({ length: options.callersPerKey }, (_, n) => caller(key, n)), submitter(key), notifier(key)]);
  return { requests, done: Promise.all(loops).then(() => undefined) };
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
