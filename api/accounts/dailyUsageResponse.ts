import { dailyUsage } from '../../core/accounts/dailyUsage';
import { utcDay } from '../../core/clock/clock';
import { microsToUsd } from '../../schema/money';
import type { accountTools } from '../../schema/accounts/accountTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** GET /api/usage/daily: the key's calls and spend per UTC day (every day of the window) and per tool. */
export const dailyUsageResponse: HandlerFor<typeof accountTools, 'api/usage/daily'> = async (input, { deps, state }) => {
  const { accountId } = callerAccount(state);
  const days = input.days;
  const now = deps.clock.now();
  const to = utcDay(now);
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const usage = await dailyUsage(deps.store.db, accountId, { from, to });
  const total = usage.days.reduce((sum, d) => ({ calls: sum.calls + d.calls, micros: sum.micros + d.spentMicros }), { calls: 0, micros: 0 });
  return {
    from,
    to,
    days: usage.days.map((d) => ({ day: d.day, calls: d.calls, failed: d.failed, spent_usd: microsToUsd(d.spentMicros) })),
    tools: usage.tools.map((t) => ({ tool: t.tool, calls: t.calls, spent_usd: microsToUsd(t.spentMicros) })),
    total: { calls: total.calls, spent_usd: microsToUsd(total.micros) },
  };
};
