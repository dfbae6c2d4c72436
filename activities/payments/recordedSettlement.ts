import type { StoredEventOf } from '../../core/eventStore/types';
import type { Settlement } from '../../core/x402';

/** The settlement a completed x402 call or purchase recorded, rebuilt so a retry can send the same receipt. */
export function recordedSettlement(completed: StoredEventOf<'ToolCallCompleted'>): Settlement | null {
  const payment = completed.data.payment;
  if (!payment) return null;
  return {
    ok: true,
    transaction: payment.transaction as `0x${string}`,
    network: payment.network,
    payer: payment.payer as `0x${string}`,
    amount: BigInt(completed.data.chargedMicros),
  };
}
