import { utcDay } from '../../core/clock/clock';
import { usageRecord } from '../../core/accounts/usageRecord';
import { readStream } from '../../core/eventStore';
import { streams } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import type { AppDeps } from '../deps';

/** What a wallet has paid with x402: the same figures a key's usage shows, from the wallet's account. */
export async function walletUsage(deps: AppDeps, wallet: string) {
  const accountId = wallet.toLowerCase();
  const dayStart = new Date(`${utcDay(deps.clock.now())}T00:00:00Z`);
  const [usage, history] = await Promise.all([usageRecord(deps.store.db, accountId, dayStart), readStream(deps.store.db, streams.account(accountId))]);
  const payments = history.filter((e) => e.type === 'PaymentReceived');
  return {
    wallet: accountId,
    total_paid_usd: microsToUsd(usage.spentMicros),
    payments: payments.length,
    calls_today: usage.callsToday,
    total_calls: usage.totalCalls,
    created_at: history[0]?.recordedAt.toISOString() ?? null,
    last_used_at: usage.lastUsedAt?.toISOString() ?? null,
    top_tools: usage.topTools.map((t) => ({ tool: t.tool, calls: t.calls, spent_usd: microsToUsd(t.spentMicros) })),
  };
}
