import type { Middleware } from 'koa';
import type pg from 'pg';
import type { Clock } from '../../core/clock/clock';
import { windowCounts } from '../../core/rateLimits/windowCounts';
import type { RequestState } from '../deps';
import { TooManyRequests } from '../errors/httpErrors';

export interface RateLimitOptions {
  readonly pool: pg.Pool;
  readonly clock: Clock;
  readonly perIpPerMinute: number;
  readonly perKeyPerMinute: number;
  readonly upgradeUrl: string;
}

/**
 * One-minute windows counted in PostgreSQL, so every API replica shares them (core/rateLimits/windowCounts.ts: a
 * caller far from its limit is counted in memory and written every 100 ms; from half its limit on, every request is
 * counted in PostgreSQL at once). A valid key has its own, larger window (its own rpm when it has one: the same
 * counter, held to its number); everything else (including a bad key) counts against the caller's IP.
 */
export function rateLimit(options: RateLimitOptions): Middleware<RequestState> {
  const counts = windowCounts(options.pool, options.clock);
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    const [bucket, limit] =
      caller?.kind === 'key'
        ? [`key:${caller.keyId}`, Math.min(caller.grants.rpm ?? options.perKeyPerMinute, options.perKeyPerMinute)]
        : [`ip:${ctx.state.clientIp}`, options.perIpPerMinute];
    const counted = await counts.count(bucket, limit);
    const resetAt = new Date(counted.resetAt);
    ctx.set('X-RateLimit-Limit', String(limit));
    ctx.set('X-RateLimit-Remaining', String(counted.remaining));
    ctx.set('X-RateLimit-Reset', String(Math.ceil(counted.resetAt / 1000)));
    if (!counted.allowed)
      throw new TooManyRequests(limit, Math.max(1, Math.ceil((counted.resetAt - options.clock.now().getTime()) / 1000)), resetAt, options.upgradeUrl);
    await next();
  };
}
