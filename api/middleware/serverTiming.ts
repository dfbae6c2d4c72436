import type { Middleware } from 'koa';
import type { RequestState } from '../deps';

/**
 * `Server-Timing` on every answer, so a caller can tell this service's part from its upstream's (as LiteLLM's overhead
 * header does): `app` is the time this service spent, `upstream` the time the worker waited on the model provider or
 * data source (ctx.state.upstreamMs, from the call's result) where there is one, `total` the two together. Measured
 * from the request's start to the answer's headers (a stream's are sent before its body, so it carries none).
 */
export function serverTiming(): Middleware<RequestState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!ctx.headerSent) {
        const total = performance.now() - started;
        const upstream = ctx.state.upstreamMs;
        const metrics = upstream === undefined ? [`app;dur=${ms(total)}`] : [`app;dur=${ms(Math.max(0, total - upstream))}`, `upstream;dur=${ms(upstream)}`];
        ctx.set('Server-Timing', [...metrics, `total;dur=${ms(total)}`].join(', '));
      }
    }
  };
}

const ms = (value: number) => value.toFixed(1);
