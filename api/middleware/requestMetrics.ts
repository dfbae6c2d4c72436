import type { Middleware } from 'koa';
import { serviceMetrics } from '../../core/metrics/serviceMetrics';
import type { RequestState } from '../deps';

/**
 * Each request's duration into toolgate_http_request_duration_seconds, by method, the route that answered (its
 * registry path, `/data/weather` or `/agents/:id`, never the raw URL, which would make a label per caller) and status.
 */
export function requestMetrics(): Middleware<RequestState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      serviceMetrics.httpDuration.observe(
        { method: ctx.method, route: typeof matched === 'string' ? matched : 'unmatched', status: String(ctx.status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}
