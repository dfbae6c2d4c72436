import { utcDay } from '../../core/clock/clock';
import { usageRecord } from '../../core/accounts/usageRecord';
import { LIVE_SCHEMA } from '../../core/projections';
import { microsToUsd } from '../../schema/money';
import { windowSpendOf } from '../../core/accounts/keySpend';
import type { AppDeps, Caller } from '../deps';
import { discountInForce } from './discountInForce';
import { limitsView } from './keyView';

type KeyCaller = Extract<Caller, { kind: 'key' }>;

/** The usage record of §2 (key masked, balance, calls, top tools) plus last use, the discount in force and the key's limits. */
export async function usageResponse(deps: AppDeps, caller: KeyCaller) {
  const { store, config, clock } = deps;
  const dayStart = new Date(`${utcDay(clock.now())}T00:00:00Z`);
  const [usage, key] = await Promise.all([
    usageRecord(store.db, caller.accountId, dayStart),
    store.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('api_keys as k')
      .leftJoin('key_spend as sp', 'sp.key_id', 'k.key_id')
      .selectAll('k')
      .select(['sp.day', 'sp.day_micros', 'sp.month', 'sp.month_micros'])
      .where('k.key_id', '=', caller.keyId)
      .executeTakeFirstOrThrow(),
  ]);
  const spend =
    key.day === null ? null : windowSpendOf({ day: key.day, day_micros: key.day_micros ?? 0, month: key.month, month_micros: key.month_micros ?? 0 });
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
    rate_limit_per_minute: key.rpm ?? config.keyRateLimitPerMinute,
    limits: limitsView(key, spend, clock.now()),
    manage_keys: key.manage_keys,
  };
}
