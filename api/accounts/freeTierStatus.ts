import { nextUtcMidnight, utcDay } from '../../core/clock/clock';
import { registry } from '../../schema/registry';
import type { InlineHandler } from '../inline/inlineHandler';
import { freeCallsUsed } from '../../core/ledger/freeCallsUsed';

/** GET /free-tier/status: what the calling IP has left today. */
export const freeTierStatus: InlineHandler = async (_input, { deps, state }) => {
  const now = deps.clock.now();
  const used = Math.min((await freeCallsUsed(deps.store.db, state.clientIp, utcDay(now))).used, deps.config.freeTierDaily);
  return {
    ip: state.clientIp,
    daily_limit: deps.config.freeTierDaily,
    used,
    remaining: deps.config.freeTierDaily - used,
    resets_at: nextUtcMidnight(now).toISOString(),
    eligible_tools: registry.filter((e) => e.freeTier).map((e) => e.path),
    premium_tools: registry.filter((e) => e.premium).map((e) => e.path),
  };
};
