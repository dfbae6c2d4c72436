import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { PAYMENT_FAILED } from '../../schema/calls';
import type { CreditPurchaseRequest, CreditPurchaseResult } from '../../schema/purchases';
import { presets } from '../timeouts';
import { settleWhileValid } from '../x402Settlement';

const reservations = proxyLocalActivities<Activities>(presets.reserve);
const ledger = proxyLocalActivities<Activities>(presets.ledger);

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
  const payer = { kind: 'x402' as const, id: request.wallet };
  return settleWhileValid(
    request.payment,
    (chain, mode) => chain.settleCreditPurchase(request, mode),
    async (message) => {
      await ledger.refundCall({
        callId: request.purchaseId,
        tool,
        payer,
        reservedMicros: 0,
        error: message,
        code: PAYMENT_FAILED,
        requestId: request.requestId,
      });
      return { ok: false, reason: 'settlement_unavailable', message };
    },
  );
}
