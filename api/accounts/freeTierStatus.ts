import { nextUtcMidnight, utcDay } from '../../activities/billing/clock';
import { LIVE_SCHEMA } from '../../activities/projections';
import { registry } from '../../schema/registry';
import type { InlineHandler } from '../inline/inlineHandler';

/** GET /free-tier/status: what the calling IP has left today. */
export const freeTierStatus: InlineHandler = async (_input, { deps, state }) => {
  const now = deps.clock.now();
  const row = await deps.store.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('free_tier_usage')
    .select('used')
    .where('ip', '=', state.clientIp)
    .where('day', '=', utcDay(now))
    .executeTakeFirst();
  const used = Math.min(row?.used ?? 0, deps.config.freeTierDaily);
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
