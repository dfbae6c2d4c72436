import { event, streams } from '../../schema/events';
import type { JobVariant } from '../../schema/jobs/jobRequests';
import { type EventStore, type EventStoreTransaction, readStream, type StoredEventOf } from '../eventStore';

export interface JobSubmission {
  readonly jobId: string;
  /** The paying key's account and the key; empty for a job a key does not pay for (an A2A task paid with x402 or free). */
  readonly accountId: string;
  readonly keyId: string;
  readonly variant: JobVariant;
  readonly tool: string;
  readonly callbackUrl?: string;
  readonly requestId: string;
  /** Fingerprint of the request (tool, input, callback); a repeat with another one is not the same job. */
  readonly requestHash: string;
  readonly ip: string;
  /** Who submitted it, for the event's metadata; `key:<keyId>` when not given. */
  readonly actor?: string;
}

export type Submitted = { readonly createdAt: Date; readonly repeated: boolean } | { readonly conflict: true };

/**
 * Records the job as pending; the same job id again (a retried request) returns the first submission instead, or a
 * conflict when the retry is a different request.
 */
export async function submitJob(store: EventStore, job: JobSubmission): Promise<Submitted> {
  return store.transaction((tx) => appendJobSubmitted(tx, job));
}

/** submitJob inside a transaction of the caller's, so a job can be recorded together with what it is for (an A2A task). */
export async function appendJobSubmitted(tx: EventStoreTransaction, job: JobSubmission): Promise<Submitted> {
  const stream = streams.job(job.jobId);
  const version = await tx.lock(stream);
  if (version > 0) {
    const recorded = await readStream(tx.trx, stream);
    const first = recorded.find((e): e is StoredEventOf<'JobSubmitted'> => e.type === 'JobSubmitted');
    if (first?.data.requestHash !== undefined && first.data.requestHash !== job.requestHash) return { conflict: true };
    // The stream has events (its version is past 0): the job was created when its first was recorded.
    return { createdAt: (first ?? recorded[0]!).recordedAt, repeated: true };
  }
  const { jobId, accountId, keyId, variant, tool, callbackUrl, requestId, requestHash } = job;
  const appended = await tx.append(stream, [event('JobSubmitted', { jobId, accountId, keyId, variant, tool, callbackUrl, requestId, requestHash })], {
    expectedVersion: version,
    metadata: { requestId, ip: job.ip, actor: job.actor ?? `key:${keyId}`, workflowId: `job-${jobId}` },
  });
  return { createdAt: appended.events[0]!.recordedAt, repeated: false };
}
