import { event, streams } from '../../schema/events';
import type { JobVariant } from '../../schema/jobs/jobRequests';
import { type EventStore, readStream, type StoredEventOf } from '../eventStore';

export interface JobSubmission {
  readonly jobId: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly variant: JobVariant;
  readonly tool: string;
  readonly callbackUrl?: string;
  readonly requestId: string;
  /** Fingerprint of the request (tool, input, callback); a repeat with another one is not the same job. */
  readonly requestHash: string;
  readonly ip: string;
}

export type Submitted = { readonly createdAt: Date; readonly repeated: boolean } | { readonly conflict: true };

/**
 * Records the job as pending; the same job id again (a retried request) returns the first submission instead, or a
 * conflict when the retry is a different request.
 */
export async function submitJob(store: EventStore, job: JobSubmission): Promise<Submitted> {
  const stream = streams.job(job.jobId);
  return store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    if (version > 0) {
      const first = (await readStream(tx.trx, stream)).find((e): e is StoredEventOf<'JobSubmitted'> => e.type === 'JobSubmitted');
      if (first?.data.requestHash !== undefined && first.data.requestHash !== job.requestHash) return { conflict: true };
      return { createdAt: first?.recordedAt ?? new Date(), repeated: true };
    }
    const { jobId, accountId, keyId, variant, tool, callbackUrl, requestId, requestHash } = job;
    const appended = await tx.append(stream, [event('JobSubmitted', { jobId, accountId, keyId, variant, tool, callbackUrl, requestId, requestHash })], {
      expectedVersion: version,
      metadata: { requestId, ip: job.ip, actor: `key:${keyId}`, workflowId: `job-${jobId}` },
    });
    return { createdAt: appended.events[0]!.recordedAt, repeated: false };
  });
}
