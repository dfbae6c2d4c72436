import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/createActivities';
import type { SettlementMode } from '../activities/payments/settleOnChain';
import type { X402Payment } from '../schema/calls';
import { presets, SETTLEMENT_GRACE_MS } from './timeouts';

type SettlementActivities = Pick<Activities, 'settleX402Call' | 'settleCreditPurchase'>;

const confirmations = proxyActivities<Activities>(presets.confirmation);

/**
 * Settles an x402 payment: submitted, retried while a transfer of its authorization can still land (until its last
 * valid second, and a little after for the chain's clock). When the chain or the facilitator could not be reached
 * all that time, what became of the payment is decided on chain once nothing more can land (`confirm`): a transfer
 * found mined is paid and recorded, none is recorded failed and charged nothing. If even that cannot reach the chain
 * for a day, `unconfirmed` records the end, so no call ends without its event.
 */
export async function settleWhileValid<R>(
  payment: X402Payment,
  settle: (chain: SettlementActivities, mode: SettlementMode) => Promise<R>,
  unconfirmed: (message: string) => Promise<R>,
): Promise<R> {
  try {
    return await settle(settlementWithin(payment), 'submit');
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
  }
  try {
    return await settle(confirmations, 'confirm');
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    return unconfirmed(
      'the chain could not be reached for a day to confirm whether the payment was settled: the call is recorded as failed and its result withheld; ' +
        'if the wallet shows a transfer for it, quote the request id to the operator',
    );
  }
}

/** Settlement's retries, ending when a transfer of the authorization can no longer land (a workflow's clock is replay-safe). */
function settlementWithin(payment: X402Payment): SettlementActivities {
  // A payment accepted before its validity was carried to the workflow keeps the attempts it was started with.
  if (payment.validBefore === undefined) return proxyActivities<Activities>(presets.settlement);
  const remainingMs = Math.max(payment.validBefore * 1000 - Date.now(), 0) + SETTLEMENT_GRACE_MS;
  const { maximumAttempts: _attempts, ...retry } = presets.settlement.retry;
  return proxyActivities<Activities>({ ...presets.settlement, scheduleToCloseTimeout: remainingMs, retry });
}
