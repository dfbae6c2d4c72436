import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { percentiles, type Percentiles } from './latency';

export interface LoadResult extends Percentiles {
  readonly connections: number;
  readonly perSecond: number;
  readonly non2xx: number;
  readonly errors: number;
}

/**
 * autocannon against one endpoint, timing every response (for exact p95). Each request gets its own
 * X-Request-Id: the service would otherwise (rightly) attach repeats to the first call instead of running them.
 */
export async function httpLoad(options: {
  /** Headers of each simulated caller (e.g. its own API key), handed out one a connection. */
  headersPerConnection?: Record<string, string>[];
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const times: number[] = [];
  let nextCaller = 0;
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        method: options.method ?? 'GET',
        headers: { 'Content-Type': 'application/json', ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        requests: [
          {
            setupRequest: (request, context: { callerHeaders?: Record<string, string> }) => {
              const callers = options.headersPerConnection;
              if (callers && !context.callerHeaders) context.callerHeaders = callers[nextCaller++ % callers.length];
              return { ...request, headers: { ...request.headers, ...context.callerHeaders, 'X-Request-Id': randomUUID() } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await finished;
  return {
    connections: options.connections,
    ...percentiles(times),
    perSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
