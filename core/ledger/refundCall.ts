import { CallErrors } from '../../schema/calls';
import { storableMessage } from '../validation/storableText';
import { event, type Payer, streams } from '../../schema/events';
import { readStream } from '../eventStore';
import type { BillingDeps } from './reserveCall';
import { keySpendOf, spendDayOfCall } from './settleCall';
import { takenOverHold } from './takenOverHold';

export interface RefundRequest {
  readonly callId: string;
  readonly tool: string;
  readonly payer: Payer;
  readonly reservedMicros: number;
  readonly freeDay?: string;
  readonly error: string;
  readonly code: string;
  readonly requestId: string;
  /** The tool ran (or began) before the call was given up: a free call stays used, as its model did the work. */
  readonly toolRan?: boolean;
}

/** Gives back what a failed call held (money, or the free call). Idempotent by call id. */
export async function refundCall(deps: BillingDeps, request: RefundRequest): Promise<void> {
  const { callId, payer, tool } = request;
  await deps.store.transaction(async (tx) => {
    const callStream = streams.call(callId);
    const version = await tx.lock(callStream);
    const history = await readStream(tx.trx, callStream);
    if (history.some((e) => e.type === 'ToolCallFailed')) return;
    if (history.some((e) => e.type === 'ToolCallCompleted')) throw new Error(`call ${callId} was already settled; it cannot be refunded`);

    const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `${payer.kind}:${payer.id}` };
    // A hold its effects took over before the call failed (a posted task's reward) stays with the task.
    const refunded = payer.kind === 'key' ? request.reservedMicros - takenOverHold(history) : 0;
    // An x402 call's signed payment is released, never taken: what it allowed is on record beside the failure.
    const started = history.find((e) => e.type === 'ToolCallStarted');
    const released = payer.kind === 'x402' && started?.type === 'ToolCallStarted' ? { releasedMicros: started.data.priceMicros } : {};
    await tx.append(
      callStream,
      [
        event('ToolCallFailed', {
          callId,
          tool,
          payer,
          error: storableMessage(request.error.slice(0, 2000)),
          code: request.code,
          refundedMicros: refunded,
          ...released,
        }),
      ],
      { expectedVersion: version, metadata },
    );
    if (payer.kind === 'key' && refunded > 0) {
      // The key's spend window gets its room back too.
      const refund = { accountId: payer.id, callId, amountMicros: refunded, reason: request.code, ...keySpendOf(payer, spendDayOfCall(history)) };
      await tx.append(streams.account(payer.id), [event('ChargeRefunded', refund)], { metadata });
    }
    // A free call the caller cut short still used the model: returning it would make cut streams free forever.
    if (payer.kind === 'free' && request.freeDay && request.code !== CallErrors.cancelled && !request.toolRan) {
      await tx.append(streams.freeTier(payer.id, request.freeDay), [event('FreeCallReturned', { ip: payer.id, day: request.freeDay, callId })], { metadata });
    }
  });
}
