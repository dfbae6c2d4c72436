import { listPriceOf } from '../../core/ledger/pricing';
import { utcDay } from '../../core/clock/clock';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { AppDeps, RequestState } from '../deps';
import { availableBalance } from '../../core/ledger/availableBalance';
import { freeCallsUsed } from '../../core/ledger/freeCallsUsed';

/** A credit, in the tutorial's endpoint list, is a thousandth of a dollar. */
export const MICROS_PER_CREDIT = 1000;

/** GET /discover/endpoints: the tutorial's list — id, cost in credits and USD, rate limit — with the caller's own allowance. */
export async function endpointList(deps: AppDeps, state: RequestState) {
  const { config, store, clock } = deps;
  const keyed = state.caller?.kind === 'key';
  const [balance, free] = await Promise.all([
    state.caller?.kind === 'key' ? availableBalance(store.db, state.caller.accountId) : undefined,
    freeCallsUsed(store.db, state.clientIp, utcDay(clock.now())),
  ]);
  return {
    endpoints: registry
      .filter((e) => e.execution !== 'inline')
      .map((e) => ({
        endpoint_id: e.name,
        name: e.path,
        method: e.method,
        cost_credits: listPriceOf(e, config) / MICROS_PER_CREDIT,
        cost_usd: microsToUsd(listPriceOf(e, config)),
        rate_limit: `${keyed ? config.keyRateLimitPerMinute : config.rateLimitPerMinute}/minute`,
        description: e.summary,
        premium: e.premium,
      })),
    free_calls_remaining_today: Math.max(0, config.freeTierDaily - (free?.used ?? 0)),
    account_credits: balance === undefined ? null : balance / MICROS_PER_CREDIT,
    credit_usd: MICROS_PER_CREDIT / 1e6,
  };
}
