import type { Middleware } from 'koa';
import { carriesMetricsToken, METRICS_CONTENT_TYPE, metricsText, type TemporalMetricsSource } from '../../core/metrics/metricsText';
import type { RequestState } from '../deps';

/**
 * `GET /metrics` on the API's own port, for platforms that expose one port only: there only with METRICS_TOKEN set,
 * and only to a bearer of it (otherwise the path is unknown here, as before). The usual place is the listener of its
 * own (METRICS_PORT, core/metrics/metricsListener.ts).
 */
export function metricsRoute(token: string, temporal?: TemporalMetricsSource): Middleware<RequestState> {
  return async (ctx, next) => {
    if (!token || ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    if (!carriesMetricsToken(ctx.get('authorization'), token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.type = 'text/plain';
      ctx.body = 'Send METRICS_TOKEN as a bearer token.\n';
      return;
    }
    ctx.type = METRICS_CONTENT_TYPE;
    ctx.body = await metricsText(temporal);
  };
}
