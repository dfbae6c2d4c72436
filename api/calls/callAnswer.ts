import { type ToolCallOutcome, type ToolCallRequest, upstreamTimeOf } from '../../schema/calls';
import { micros } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry';
import type { AppDeps, IdempotencyKey } from '../deps';
import { HttpError, ServiceUnavailable } from '../errors/httpErrors';
import { reusedKey } from '../idempotency/keyConflicts';
import { links } from '../links';
import { offerFor } from '../payments/paymentOffer';
import { settlementRefused } from '../payments/settlementRefused';
import { callMeta } from './callMeta';
import { droppedCall, failureToHttp } from './failureToHttp';
import { allowanceUsedUp, insufficientBalance, keyRefusedAtReservation, spendLimitReached } from './paymentRefusals';
import type { WorkflowResult } from './runWorkflow';

export interface CallAnswer {
  readonly output: Record<string, unknown>;
  readonly meta: Record<string, unknown>;
  /** An x402 receipt (PAYMENT-RESPONSE or X-PAYMENT-RESPONSE). */
  readonly headers: Readonly<Record<string, string>>;
  /** How long the worker waited on the provider or upstream, when it asked one (Server-Timing's `upstream`). */
  readonly upstreamMs?: number;
}

/**
 * What a finished (or unfinished) call answers, for every route: the output and its `_meta`, or the HTTP error its
 * outcome maps to — 402 when the reservation found no balance or free allowance, or an x402 transfer was refused.
 * `key` is the idempotency key as the caller sent it, so a 409 names the header they used.
 */
export function callAnswer(
  deps: AppDeps,
  entry: ToolEntry,
  request: ToolCallRequest,
  result: WorkflowResult<ToolCallOutcome>,
  key: IdempotencyKey = { header: 'X-Request-Id', value: request.requestId },
): CallAnswer {
  const docs = links(deps.config).docs(entry.name);
  switch (result.kind) {
    case 'conflict':
      // Another payer's call holds this id (an id not scoped to its sender: a job's, an MCP call's); the idempotency layer answered this payer's own repeats.
      throw reusedKey(key, docs);
    case 'still-running':
      // An x402 call may be done and waiting for its transfer to be mined: the result is kept meanwhile, given once it
      // is (or the call fails uncharged if it never can be). A payment-identifier repeat is the same payment again.
      throw new ServiceUnavailable(
        request.payment ? 'the call is still running, or its x402 transfer is not yet confirmed on chain' : 'the call is still running',
        5,
        'still_running',
        {
          hint:
            key.header === 'payment-identifier'
              ? `Send the same payment again (payment-identifier ${key.value}) to collect its result; it will not be charged twice.`
              : `Repeat the same request with the header ${key.header}: ${key.value} to collect its result; it will not be charged twice.`,
        },
      );
    case 'failed': {
      const failure = failureToHttp(result.type, result.message, result.details, docs, links(deps.config).topUp, () => deps.clock.now());
      const upstreamMs = upstreamTimeOf(result.details);
      if (failure instanceof HttpError && upstreamMs !== undefined) failure.upstreamMs = upstreamMs;
      throw failure;
    }
    case 'result':
      break;
  }
  const outcome = result.value;
  if (outcome.status === 'dropped') throw droppedCall(outcome.reason, deps.config.admissionRetryAfterSeconds);
  if (outcome.status === 'payment_failed') throw settlementRefused(offerFor(deps, entry.path, entry.summary), outcome, micros(request.listPriceMicros));
  if (outcome.status === 'rejected') {
    if (outcome.reason === 'free_tier_exhausted') throw allowanceUsedUp(deps, entry, request.payer.id);
    if (outcome.reason === 'spend_limit' && outcome.limit) throw spendLimitReached(deps, outcome.priceMicros, outcome.limit);
    if (outcome.reason === 'key_revoked' || outcome.reason === 'key_expired') throw keyRefusedAtReservation(outcome.reason);
    throw insufficientBalance(deps, entry, micros(outcome.priceMicros), outcome.balanceMicros ?? 0, {
      metered: request.pricing === 'metered',
      ...(request.holdMicros ? { holdMicros: request.holdMicros } : {}),
    });
  }
  return {
    output: outcome.output,
    meta: callMeta(deps, {
      endpoint: entry.path,
      requestId: request.requestId,
      callId: request.callId,
      payer: request.payer,
      pricing: request.pricing,
      outcome,
    }),
    headers: outcome.receiptHeaders ?? {},
    ...(outcome.upstreamMs !== undefined ? { upstreamMs: outcome.upstreamMs } : {}),
  };
}
