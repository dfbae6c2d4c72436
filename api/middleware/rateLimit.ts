import type { Middleware } from 'koa';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RequestState } from '../deps';
import { TooManyRequests } from '../errors/httpErrors';

export interface RateLimitOptions {
  readonly pool: pg.Pool;
  readonly perIpPerMinute: number;
  readonly perKeyPerMinute: number;
  readonly upgradeUrl: string;
}

/**
 * Fixed one-minute windows counted in PostgreSQL, so every API replica shares them. A valid key has its own,
 * larger window (its own rpm when it has one: the same counter, held to its number); everything else (including a
 * bad key) counts against the caller's IP.
 */
export function rateLimit(options: RateLimitOptions): Middleware<RequestState> {
  const common = { storeClient: options.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, duration: 60, clearExpiredByTimeout: true };
  const byIp = new RateLimiterPostgres({ ...common, keyPrefix: 'ip', points: options.perIpPerMinute });
  // One limiter per distinct rpm, all counting the same rows (the prefix and key name the window; points only judge it).
  const byKey = new Map<number, RateLimiterPostgres>();
  const keyLimiter = (points: number) => {
    let limiter = byKey.get(points);
    if (!limiter) byKey.set(points, (limiter = new RateLimiterPostgres({ ...common, keyPrefix: 'key', points })));
    return limiter;
  };

  return async (ctx, next) => {
    const caller = ctx.state.caller;
    const keyLimit = caller?.kind === 'key' ? Math.min(caller.grants.rpm ?? options.perKeyPerMinute, options.perKeyPerMinute) : 0;
    const [limiter, bucket, limit] =
      caller?.kind === 'key' ? [keyLimiter(keyLimit), caller.keyId, keyLimit] : [byIp, ctx.state.clientIp, options.perIpPerMinute];
    let result: RateLimiterRes;
    let refused = false;
    try {
      result = await limiter.consume(bucket);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      result = rejection;
      refused = true;
    }
    const resetAt = new Date(Date.now() + result.msBeforeNext);
    ctx.set('X-RateLimit-Limit', String(limit));
    ctx.set('X-RateLimit-Remaining', String(result.remainingPoints));
    ctx.set('X-RateLimit-Reset', String(Math.ceil(resetAt.getTime() / 1000)));
    if (refused) throw new TooManyRequests(limit, Math.max(1, Math.ceil(result.msBeforeNext / 1000)), resetAt, options.upgradeUrl);
    await next();
  };
}
