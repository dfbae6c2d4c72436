import type { Middleware } from 'koa';
import { ServiceUnavailable } from '../errors/httpErrors';

/** While MAINTENANCE_MODE is on, everything but /health answers 503 with Retry-After. */
export function maintenance(options: { enabled: () => boolean; retryAfterSeconds: number }): Middleware {
  return async (ctx, next) => {
    if (options.enabled() && ctx.path !== '/health') {
      throw new ServiceUnavailable('the service is down for maintenance', options.retryAfterSeconds, 'maintenance');
    }
    await next();
  };
}
