import type { A2AMessageJson, A2ATaskOwner } from '../../schema/a2a/a2aEvents';
import { event, type Payer, streams } from '../../schema/events';
import { type EventStore, type EventStoreTransaction, readStream } from '../eventStore';
import { appendJobSubmitted, type JobSubmission } from '../jobs/submitJob';
import { metadataOf } from './openA2aTask';

interface Sender {
  readonly owner: A2ATaskOwner;
  readonly requestId: string;
  readonly ip: string;
}

/** Whether the task still waits for a payment: its last turn asked for one (none queued, refused or cancelled it since). */
async function waitingForPayment(tx: EventStoreTransaction, taskId: string): Promise<number | null> {
  const stream = streams.a2aTask(taskId);
  const version = await tx.lock(stream);
  const turns = (await readStream(tx.trx, stream)).filter((e) => e.type !== 'A2ATaskOpened');
  return turns.at(-1)?.type === 'A2APaymentRequested' ? version : null;
}

/**
 * A waiting task's payment was accepted: the task is queued as its job (both in one transaction). False when the task
 * no longer waits (paid by a message that came first, or cancelled): nothing is recorded then.
 */
export async function queuePaidA2aTask(
  store: EventStore,
  taskId: string,
  paid: { readonly job: JobSubmission; readonly payer: Payer; readonly message: A2AMessageJson },
  from: Sender,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const version = await waitingForPayment(tx, taskId);
    if (version === null) return false;
    const submitted = await appendJobSubmitted(tx, paid.job);
    if ('conflict' in submitted || submitted.repeated) throw new Error(`job ${paid.job.jobId} of task ${taskId} already exists`);
    await tx.append(streams.a2aTask(taskId), [event('A2ATaskQueued', { taskId, jobId: paid.job.jobId, payer: paid.payer, message: paid.message })], {
      expectedVersion: version,
      metadata: metadataOf(from),
    });
    return true;
  });
}

/** A payment sent for a waiting task was refused: it still waits, asking again, and says why. */
export async function refuseA2aTaskPayment(
  store: EventStore,
  taskId: string,
  refused: { readonly paymentRequired: Record<string, unknown>; readonly refusal: { reason: string; message: string }; readonly message: A2AMessageJson },
  from: Sender,
): Promise<void> {
  await store.transaction(async (tx) => {
    const version = await waitingForPayment(tx, taskId);
    if (version === null) return;
    await tx.append(streams.a2aTask(taskId), [event('A2APaymentRequested', { taskId, ...refused })], { expectedVersion: version, metadata: metadataOf(from) });
  });
}

/** Cancels a task that waits for a payment; false when it does not wait (a queued task is cancelled through its job). */
export async function cancelWaitingA2aTask(store: EventStore, taskId: string, from: Sender): Promise<boolean> {
  return store.transaction(async (tx) => {
    const version = await waitingForPayment(tx, taskId);
    if (version === null) return false;
    await tx.append(streams.a2aTask(taskId), [event('A2ATaskCanceled', { taskId })], { expectedVersion: version, metadata: metadataOf(from) });
    return true;
  });
}
