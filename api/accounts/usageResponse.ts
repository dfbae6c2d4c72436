import { utcDay } from '../../core/clock/clock';
import { usageRecord } from '../../core/accounts/usageRecord';
import { LIVE_SCHEMA } from '../../core/projections';
import { microsToUsd } from '../../schema/money';
import type { AppDeps, Caller } from '../deps';
import { discountInForce } from './discountInForce';

type KeyCaller = Extract<Caller, { kind: 'key' }>;

/** The usage record of §2 (key masked, balance, calls, top tools) plus last use and the discount in force. */
export async function usageResponse(deps: AppDeps, caller: KeyCaller) {
  const { store, config, clock } = deps;
  const dayStart = new Date(`${utcDay(clock.now())}T00:00:00Z`);
  const [usage, key] = await Promise.all([
    usageRecord(store.db, caller.accountId, dayStart),
    store.db.withSchema(LIVE_SCHEMA).selectFrom('api_keys').select(['created_at', 'label']).where('key_hash', '=', caller.keyHash).executeTakeFirstOrThrow(),
  ]);
  return {
    key: caller.masked,
    key_id: caller.keyId,
    label: key.label,
    balance_usd: microsToUsd(usage.availableMicros),
    reserved_usd: microsToUsd(usage.reservedMicros),
    spent_usd: microsToUsd(usage.spentMicros),
    calls_today: usage.callsToday,
    total_calls: usage.totalCalls,
    created_at: key.created_at.toISOString(),
    last_used_at: usage.lastUsedAt?.toISOString() ?? null,
    top_tools: usage.topTools.map((t) => ({ tool: t.tool, calls: t.calls, spent_usd: microsToUsd(t.spentMicros) })),
    discount: discountInForce(usage.availableMicros, config),
    rate_limit_per_minute: config.keyRateLimitPerMinute,
  };
}
