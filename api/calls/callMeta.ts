import type { ToolCallOutcome } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import { isMcpAllowance } from '../../core/ledger/freeAllowance';
import { microsToUsd } from '../../schema/money';
import type { AppDeps } from '../deps';

type Completed = Extract<ToolCallOutcome, { status: 'completed' }>;

/** The `_meta` of a completed call: where it ran, who paid and how, what it cost and what is left, and what the tool adds (its source). */
export function callMeta(
  deps: AppDeps,
  call: { endpoint: string; requestId: string; callId: string; payer: Payer; pricing: string; outcome: Completed },
): Record<string, unknown> {
  const { payer, outcome } = call;
  return {
    endpoint: call.endpoint,
    model: outcome.model,
    network: networkOf(deps, payer),
    timestamp: deps.clock.now().toISOString(),
    request_id: call.requestId,
    call_id: call.callId,
    payment: payer.kind,
    pricing: call.pricing,
    cost_usd: microsToUsd(outcome.chargedMicros),
    ...(outcome.balanceMicros !== undefined ? { balance_usd: microsToUsd(outcome.balanceMicros) } : {}),
    ...(outcome.freeCallsRemaining !== undefined ? { free_calls_remaining: outcome.freeCallsRemaining } : {}),
    tokens: outcome.tokens,
    ...outcome.meta,
  };
}

function networkOf(deps: AppDeps, payer: Payer): string {
  switch (payer.kind) {
    case 'x402':
      return deps.x402?.terms.network ?? deps.config.x402Network;
    case 'free':
      return isMcpAllowance(payer.id) ? 'mcp-allowance' : 'free-tier';
    case 'none':
      return 'free';
    default:
      return 'prepaid';
  }
}
