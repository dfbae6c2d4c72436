import { event, streams } from '../../schema/events';
import { type EventStore, readStream } from '../eventStore';
import { availableBalance } from './availableBalance';
import { keySpendOf, spendDayOfCall } from './settleCall';

export type Reversal =
  | { readonly ok: true; readonly callId: string; readonly accountId: string; readonly amountMicros: number; readonly balanceMicros: number }
  | { readonly ok: false; readonly reason: 'no_such_call' | 'not_charged' | 'not_a_key_call' | 'already_refunded'; readonly message: string };

/**
 * The operator gives a completed call's charge back: ToolCallRefunded on the call's stream and ChargeReversed on its
 * payer's account, in one transaction under the call stream's lock. Nothing recorded is changed (the charge stays on
 * the record, the reversal beside it), and a call is reversed at most once: a second attempt finds the first.
 * Only a key's charge: an x402 payment moved on chain, a free call cost nothing, a failed call was refunded already.
 */
export async function reverseCharge(store: EventStore, request: { callId: string; reason: string; requestId: string }): Promise<Reversal> {
  const { callId, reason } = request;
  return store.transaction(async (tx) => {
    const callStream = streams.call(callId);
    const version = await tx.lock(callStream);
    const history = version > 0 ? await readStream(tx.trx, callStream) : [];
    const started = history.find((e) => e.type === 'ToolCallStarted');
    if (started?.type !== 'ToolCallStarted') return { ok: false, reason: 'no_such_call', message: `no call ${callId} was started` };
    if (history.some((e) => e.type === 'ToolCallRefunded')) return { ok: false, reason: 'already_refunded', message: `call ${callId} was refunded already` };
    const { payer, tool } = started.data;
    if (payer.kind !== 'key') return { ok: false, reason: 'not_a_key_call', message: `call ${callId} was paid by ${payer.kind}, not from a key's balance` };
    const completed = history.find((e) => e.type === 'ToolCallCompleted');
    if (completed?.type !== 'ToolCallCompleted' || completed.data.chargedMicros === 0) {
      const state = history.some((e) => e.type === 'ToolCallFailed' || e.type === 'ToolCallRejected') ? 'failed or was refused' : 'has not completed';
      return { ok: false, reason: 'not_charged', message: `call ${callId} ${state}: nothing was charged to give back` };
    }
    const amountMicros = completed.data.chargedMicros;
    const metadata = { requestId: request.requestId, actor: 'operator' };
    await tx.appendToEach([
      {
        streamId: callStream,
        events: [event('ToolCallRefunded', { callId, tool, payer, amountMicros, reason })],
        options: { expectedVersion: version, metadata },
      },
      {
        streamId: streams.account(payer.id),
        events: [event('ChargeReversed', { accountId: payer.id, callId, amountMicros, reason, ...keySpendOf(payer, spendDayOfCall(history)) })],
        options: { metadata },
      },
    ]);
    return { ok: true, callId, accountId: payer.id, amountMicros, balanceMicros: await availableBalance(tx.trx, payer.id) };
  });
}
