import { event, streams } from '../../schema/events';
import type { EventStore, EventStoreTransaction } from '../eventStore';
import { readStream } from '../eventStore';

export interface CallScope {
  readonly callId: string;
  readonly tool: string;
  /** Who acts: recorded as the actor of every event the work appends. */
  readonly actor: string;
  readonly requestId?: string;
}

/**
 * Runs a tool's state change once per call: in one transaction with the call's stream locked, the work appends its
 * events and its answer is recorded there (ToolEffectsApplied). A run repeated after a lost worker finds that record
 * and answers the same, so nothing is registered, sent or paid twice.
 */
export async function applyOnce(
  store: EventStore,
  scope: CallScope,
  work: (tx: EventStoreTransaction, metadata: Record<string, string>) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  return store.transaction(async (tx) => {
    const callStream = streams.call(scope.callId);
    const version = await tx.lock(callStream);
    if (version > 0) {
      const done = (await readStream(tx.trx, callStream)).find((e) => e.type === 'ToolEffectsApplied');
      if (done?.type === 'ToolEffectsApplied') return done.data.output;
    }
    const metadata = { actor: scope.actor, workflowId: `call-${scope.callId}`, ...(scope.requestId ? { requestId: scope.requestId } : {}) };
    const output = await work(tx, metadata);
    await tx.append(callStream, [event('ToolEffectsApplied', { callId: scope.callId, tool: scope.tool, output })], { expectedVersion: version, metadata });
    return output;
  });
}
