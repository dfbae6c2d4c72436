import { nextUtcMidnight } from '../../core/clock/clock';
import { dailyFreeCalls, isMcpAllowance } from '../../core/ledger/freeAllowance';
import { type Micros, microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry';
import type { AppDeps } from '../deps';
import type { SpendLimitReached } from '../../schema/calls';
import { type PaymentRequired, SpendLimitExceeded, Unauthorized } from '../errors/httpErrors';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';

/**
 * The key holds less than the call needs: its price (or, metered, the most it can cost), plus what it holds besides
 * (`holdMicros`, the entry's `holds`: a task's reward), which `needed` includes. A request sent with a key is paid
 * from it, so an x402 payment for this request is not offered (it would not be taken): the way on is credit on the
 * key, paid with x402 at POST /auth/topup, or the call sent without the key and paid with x402.
 */
export function insufficientBalance(
  deps: AppDeps,
  entry: ToolEntry,
  needed: Micros,
  balanceMicros: number,
  call: { readonly metered?: boolean; readonly holdMicros?: number; readonly job?: boolean } = {},
): PaymentRequired {
  const hold = call.holdMicros ?? 0;
  const what = call.metered ? 'the most this metered call can cost' : call.job ? `this job (${entry.name})` : 'this call';
  const message =
    hold > 0 && !call.metered
      ? `insufficient balance for this call: it costs ${microsToUsd(needed - hold)} USD and holds ${microsToUsd(hold)} USD (${entry.holds}) from the balance`
      : `insufficient balance for ${what}`;
  const offer = offerFor(deps, entry.path, entry.summary);
  // Async jobs are paid from a key only: an x402 authorization expires (X402_MAX_TIMEOUT_SECONDS) before a queued job may end.
  const instead = call.job ? '' : ', or send the call without the key to pay it with x402';
  const keyPays = deps.x402
    ? `this request is paid from the key's balance: add credit to the key with POST /auth/topup (paid with x402)${instead}`
    : offer.x402Off;
  return paymentRequired({ ...offer, x402: null, x402Off: keyPays }, message, needed, balanceMicros, hold > 0 ? { held_usd: microsToUsd(hold) } : {}).withCode(
    'insufficient_balance',
  );
}

/** The free tier's (or the MCP allowance's) calls for today are spent: when they come back, and how to pay instead. */
export function allowanceUsedUp(deps: AppDeps, entry: ToolEntry, allowanceId: string, uptoMaxMicros?: Micros): PaymentRequired {
  const limit = dailyFreeCalls(allowanceId, deps.config);
  const mcp = isMcpAllowance(allowanceId);
  const message = mcp
    ? `the MCP allowance of ${limit} calls a day is used up: send an API key (Authorization: Bearer apk_…) for unlimited calls; POST /auth/generate-key makes one`
    : `free tier used up: ${limit} AI calls a day per IP`;
  return paymentRequired(offerFor(deps, entry.path, entry.summary, uptoMaxMicros), message, entry.price, null, {
    [mcp ? 'mcp_allowance' : 'free_tier']: { daily_limit: limit, remaining: 0, resets_at: nextUtcMidnight(deps.clock.now()).toISOString() },
  }).withCode('free_tier_exhausted');
}

/** The paying key's daily or monthly limit would be passed: which, what is left, and when it resets (Retry-After). */
export function spendLimitReached(deps: AppDeps, needed: number, limit: SpendLimitReached): SpendLimitExceeded {
  const left = Math.max(0, limit.limitMicros - limit.spentMicros);
  const retryAfter = Math.max(1, Math.ceil((Date.parse(limit.resetsAt) - deps.clock.now().getTime()) / 1000));
  return new SpendLimitExceeded(
    `this call (${microsToUsd(needed)} USD) would pass the key's ${limit.window} spend limit of ${microsToUsd(limit.limitMicros)} USD (${microsToUsd(left)} USD left)`,
    retryAfter,
    {
      hint: `The limit resets at ${limit.resetsAt}; a key that manages keys may raise it (PATCH /auth/keys/{key_id}).`,
      limit: {
        window: limit.window,
        limit_usd: microsToUsd(limit.limitMicros),
        spent_usd: microsToUsd(limit.spentMicros),
        remaining_usd: microsToUsd(left),
        resets_at: limit.resetsAt,
      },
      cost_usd: microsToUsd(needed),
    },
  );
}

/** The key was revoked or expired between the request's authentication and its reservation (which decides). */
export function keyRefusedAtReservation(reason: 'key_revoked' | 'key_expired'): Unauthorized {
  const revoked = reason === 'key_revoked';
  return new Unauthorized(
    revoked ? 'this API key was revoked' : 'this API key expired',
    revoked ? "Use another of the account's keys." : 'A key that can manage keys may extend it (PATCH /auth/keys/{key_id}) or create another.',
  ).withCode(reason);
}
