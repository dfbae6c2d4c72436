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

/** What the call's reservation holds for its effects to take over (ToolCallStarted.holdMicros; 0 when nothing). */
export interface CallHold {
  readonly holdMicros: number;
}

/**
 * Runs a tool's state change once per call: in one transaction with the call's stream locked, the work appends its
 * events and its answer is recorded there (ToolEffectsApplied). A run repeated after a lost worker finds that record
 * and answers the same, so nothing is registered, sent or paid twice. The work is told what the call's reservation
 * holds for it (a task's reward reserved with the price), which its effects take over by being recorded.
 */
export async function applyOnce(
  store: EventStore,
  scope: CallScope,
  work: (tx: EventStoreTransaction, metadata: Record<string, string>, hold: CallHold) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  return store.transaction(async (tx) => {
    const callStream = streams.call(scope.callId);
    const version = await tx.lock(callStream);
    let holdMicros = 0;
    if (version > 0) {
      const history = await readStream(tx.trx, callStream);
      const done = history.find((e) => e.type === 'ToolEffectsApplied');
      if (done?.type === 'ToolEffectsApplied') return done.data.output;
      const started = history.find((e) => e.type === 'ToolCallStarted');
      holdMicros = started?.type === 'ToolCallStarted' ? (started.data.holdMicros ?? 0) : 0;
    }
    const metadata = { actor: scope.actor, workflowId: `call-${scope.callId}`, ...(scope.requestId ? { requestId: scope.requestId } : {}) };
    const output = await work(tx, metadata, { holdMicros });
    await tx.append(callStream, [event('ToolEffectsApplied', { callId: scope.callId, tool: scope.tool, output })], { expectedVersion: version, metadata });
    return output;
  });
}
