import type { A2AMessageJson, A2ATaskOwner } from '../../schema/a2a/a2aEvents';
import { event, type EventMetadata, type Payer, streams } from '../../schema/events';
import { type EventStore, type EventStoreTransaction, readStream } from '../eventStore';
import { appendJobSubmitted, type JobSubmission } from '../jobs/submitJob';

export interface A2ATaskOpening {
  readonly taskId: string;
  readonly contextId: string;
  readonly owner: A2ATaskOwner;
  readonly agentId?: string;
  readonly skill: string;
  readonly message: A2AMessageJson;
  readonly requestHash: string;
  readonly requestId: string;
  readonly ip: string;
}

/** How an opened task goes on: queued as its job, waiting for an x402 payment, or refused. */
export type A2ATaskStart =
  | { readonly kind: 'queued'; readonly job: JobSubmission; readonly payer: Payer }
  | { readonly kind: 'payment'; readonly paymentRequired: Record<string, unknown>; readonly refusal?: { reason: string; message: string } }
  | { readonly kind: 'rejected'; readonly status: number; readonly error: Record<string, unknown> };

/** `repeated`: the same message opened this task before (nothing new recorded); `conflict`: its id was used for another ask. */
export type Opened = 'opened' | 'repeated' | 'conflict';

/**
 * Records a new task and how it starts in one transaction, with its job when it is queued: the task → job mapping and
 * the job exist together or not at all. The task id comes from the message id, so a message sent again is `repeated`.
 */
export async function openA2aTask(store: EventStore, task: A2ATaskOpening, start: A2ATaskStart): Promise<Opened> {
  const stream = streams.a2aTask(task.taskId);
  return store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    if (version > 0) {
      const first = (await readStream(tx.trx, stream))[0];
      return first?.type === 'A2ATaskOpened' && first.data.requestHash === task.requestHash ? 'repeated' : 'conflict';
    }
    const { taskId, contextId, owner, agentId, skill, message, requestHash } = task;
    const opened = event('A2ATaskOpened', { taskId, contextId, owner, ...(agentId ? { agentId } : {}), skill, message, requestHash });
    const next = await startEvent(tx, taskId, start);
    await tx.append(stream, [opened, next], { expectedVersion: version, metadata: metadataOf(task) });
    return 'opened';
  });
}

/** The event that says how the task starts; a queued task's job is recorded beside it. */
async function startEvent(tx: EventStoreTransaction, taskId: string, start: A2ATaskStart) {
  switch (start.kind) {
    case 'queued': {
      const submitted = await appendJobSubmitted(tx, start.job);
      if ('conflict' in submitted || submitted.repeated) throw new Error(`job ${start.job.jobId} of task ${taskId} already exists`);
      return event('A2ATaskQueued', { taskId, jobId: start.job.jobId, payer: start.payer });
    }
    case 'payment':
      return event('A2APaymentRequested', { taskId, paymentRequired: start.paymentRequired, ...(start.refusal ? { refusal: start.refusal } : {}) });
    case 'rejected':
      return event('A2ATaskRejected', { taskId, status: start.status, error: start.error });
  }
}

export function metadataOf(from: { readonly requestId: string; readonly ip: string; readonly owner: A2ATaskOwner }): EventMetadata {
  return { requestId: from.requestId, ip: from.ip, actor: from.owner };
}
