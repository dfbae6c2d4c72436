import { event, streams } from '../../schema/events';
import type { Micros } from '../../schema/money';
import type { EventStore } from '../eventStore';
import { availableBalance } from '../ledger/availableBalance';

/** Adds credit to an account and returns the balance after it. */
export async function grantCredit(
  store: EventStore,
  request: { accountId: string; amount: Micros; reason: 'topup' | 'purchase'; reference: string; actor: string },
): Promise<number> {
  return store.transaction(async (tx) => {
    await tx.append(
      streams.account(request.accountId),
      [event('CreditGranted', { accountId: request.accountId, amountMicros: request.amount, reason: request.reason, reference: request.reference })],
      {
        metadata: { requestId: request.reference, actor: request.actor },
      },
    );
    return availableBalance(tx.trx, request.accountId);
  });
}
