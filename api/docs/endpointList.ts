import { utcDay } from '../../activities/billing/clock';
import { LIVE_SCHEMA } from '../../activities/projections';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { AppDeps, RequestState } from '../deps';

/** A credit, in the tutorial's endpoint list, is a thousandth of a dollar. */
export const MICROS_PER_CREDIT = 1000;

/** GET /discover/endpoints: the tutorial's list — id, cost in credits and USD, rate limit — with the caller's own allowance. */
export async function endpointList(deps: AppDeps, state: RequestState) {
  const { config, store, clock } = deps;
  const keyed = state.caller?.kind === 'key';
  const [balance, free] = await Promise.all([
    state.caller?.kind === 'key'
      ? store.db.withSchema(LIVE_SCHEMA).selectFrom('balances').select('available_micros').where('account_id', '=', state.caller.accountId).executeTakeFirst()
      : undefined,
    store.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('free_tier_usage')
      .select('used')
      .where('ip', '=', state.clientIp)
      .where('day', '=', utcDay(clock.now()))
      .executeTakeFirst(),
  ]);
  return {
    endpoints: registry
      .filter((e) => e.execution !== 'inline')
      .map((e) => ({
        endpoint_id: e.name,
        name: e.path,
        method: e.method,
        cost_credits: e.price / MICROS_PER_CREDIT,
        cost_usd: microsToUsd(e.price),
        rate_limit: `${keyed ? config.keyRateLimitPerMinute : config.rateLimitPerMinute}/minute`,
        description: e.summary,
        premium: e.premium,
      })),
    free_calls_remaining_today: Math.max(0, config.freeTierDaily - (free?.used ?? 0)),
    account_credits: balance ? balance.available_micros / MICROS_PER_CREDIT : null,
    credit_usd: MICROS_PER_CREDIT / 1e6,
  };
}
