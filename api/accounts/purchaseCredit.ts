import type { CreditTarget } from '../../schema/purchases';
import type { creditPurchase } from '../../workflows/accounts/creditPurchase';
import { callSearchAttributes } from '../../schema/searchAttributes';
import { type Micros, microsToUsd } from '../../schema/money';
import { runWorkflow } from '../calls/runWorkflow';
import type { AppDeps, RequestState } from '../deps';
import { ServiceUnavailable } from '../errors/httpErrors';
import { reusedKey } from '../idempotency/keyConflicts';
import { acceptPayment } from '../payments/acceptPayment';
import type { Offer } from '../payments/paymentOffer';
import { settlementRefused } from '../payments/settlementRefused';

export interface Purchased {
  readonly accountId: string;
  readonly creditedMicros: number;
  readonly balanceMicros: number;
  readonly receiptHeaders: Record<string, string>;
}

/** Verifies an x402 payment for `amount`, then runs the `creditPurchase` workflow that settles it and credits the target. */
export async function purchaseCredit(
  deps: AppDeps,
  state: RequestState,
  offer: Offer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  amount: Micros,
  target: CreditTarget,
  docs: string,
): Promise<Purchased> {
  const accepted = await acceptPayment(deps, offer, headers, amount, { callId: state.callId, requestId: state.requestId, docs });
  const tool = target.kind === 'new-key' ? 'credits/buy' : 'auth/topup';
  const result = await runWorkflow<typeof creditPurchase>(deps, 'creditPurchase', {
    workflowId: `purchase-${state.callId}`,
    args: [{ purchaseId: state.callId, requestId: state.requestId, wallet: accepted.payer, payment: accepted.payment, target }],
    owner: `x402:${accepted.payer}`,
    request: { tool, amount, target },
    searchAttributes: callSearchAttributes({ tool, payer: { kind: 'x402', id: accepted.payer } }),
    memo: { requestId: state.requestId, amountUsd: microsToUsd(amount), tool },
  });
  switch (result.kind) {
    case 'conflict':
      throw reusedKey(state.idempotencyKey ?? { header: 'X-Request-Id', value: state.requestId }, docs, 'purchase');
    case 'still-running':
      throw new ServiceUnavailable('the payment is still settling', 5, 'still_running', {
        hint: `Repeat the request with X-Request-Id: ${state.requestId} to collect the result.`,
      });
    case 'failed':
      throw new Error(`credit purchase failed: ${result.type}: ${result.message}`);
    case 'result':
      break;
  }
  const outcome = result.value;
  if (!outcome.ok) throw settlementRefused(offer, outcome, amount);
  return outcome;
}
