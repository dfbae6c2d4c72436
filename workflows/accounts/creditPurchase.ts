import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { CreditPurchaseRequest, CreditPurchaseResult } from '../../schema/purchases';
import { presets } from '../timeouts';

const reservations = proxyLocalActivities<Activities>(presets.reserve);
const chain = proxyActivities<Activities>(presets.settlement);

/** Buying credit with x402: record the purchase as a call of its endpoint, settle on chain, credit the account. */
export async function creditPurchase(request: CreditPurchaseRequest): Promise<CreditPurchaseResult> {
  const tool = request.target.kind === 'new-key' ? 'credits/buy' : 'auth/topup';
  await reservations.reserveCall({
    callId: request.purchaseId,
    requestId: request.requestId,
    tool,
    execution: 'activity',
    input: {},
    payer: { kind: 'x402', id: request.wallet },
    pricing: 'flat',
    listPriceMicros: request.payment.priceMicros,
    payment: request.payment,
  });
  return chain.settleCreditPurchase(request);
}
