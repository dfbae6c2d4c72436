import { nextUtcMidnight } from '../../core/ledger/clock';
import { dailyFreeCalls, isMcpAllowance } from '../../schema/freeAllowance';
import { type Micros, microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry';
import type { AppDeps } from '../deps';
import type { PaymentRequired } from '../errors/httpErrors';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';

/**
 * The key holds less than the call needs: its price (or, metered, the most it can cost), plus what it holds besides
 * (`holdMicros`, the entry's `holds`: a task's reward), which `needed` includes.
 */
export function insufficientBalance(
  deps: AppDeps,
  entry: ToolEntry,
  needed: Micros,
  balanceMicros: number,
  options: { readonly metered?: boolean; readonly holdMicros?: number } = {},
): PaymentRequired {
  const hold = options.holdMicros ?? 0;
  const message = options.metered
    ? 'insufficient balance for the most this metered call can cost'
    : hold > 0
      ? `insufficient balance for this call: it costs ${microsToUsd(needed - hold)} USD and holds ${microsToUsd(hold)} USD (${entry.holds}) from the balance`
      : 'insufficient balance for this call';
  return paymentRequired(offerFor(deps, entry.path, entry.summary), message, needed, balanceMicros, hold > 0 ? { held_usd: microsToUsd(hold) } : {}).withCode(
    'insufficient_balance',
  );
}

/** The free tier's (or the MCP allowance's) calls for today are spent: when they come back, and how to pay instead. */
export function allowanceUsedUp(deps: AppDeps, entry: ToolEntry, allowanceId: string): PaymentRequired {
  const limit = dailyFreeCalls(allowanceId, deps.config);
  const mcp = isMcpAllowance(allowanceId);
  const message = mcp
    ? `the MCP allowance of ${limit} calls a day is used up: send an API key (Authorization: Bearer apk_…) for unlimited calls; POST /auth/generate-key makes one`
    : `free tier used up: ${limit} AI calls a day per IP`;
  return paymentRequired(offerFor(deps, entry.path, entry.summary), message, entry.price, null, {
    [mcp ? 'mcp_allowance' : 'free_tier']: { daily_limit: limit, remaining: 0, resets_at: nextUtcMidnight(deps.clock.now()).toISOString() },
  }).withCode('free_tier_exhausted');
}
