import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { event, streams } from '../../schema/events';
import type { JobCallOutcome } from '../../schema/jobs/jobRequests';
import { type EventStore, readStream, type StoredEvent, type StoredEventOf } from '../eventStore';
import { jobResult } from './jobResult';
import { noticeJobChanged } from './noticeJobChanged';
import { storableMessage } from '../validation/storableText';

/**
 * Records how the job ended (once) and returns the callback to deliver, if the job has a callback URL:
 * {job_id, status, created_at, completed_at, result | error}, built from the log so a retry sends the same body.
 */
export async function finishJob(store: EventStore, jobId: string, outcome: JobCallOutcome): Promise<DeliveryRequest | null> {
  const stream = streams.job(jobId);
  const history = await store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    const before = await readStream(tx.trx, stream);
    if (before.some((e) => e.type === 'JobCompleted' || e.type === 'JobFailed')) return before;
    const submitted = submittedOf(before, jobId);
    const finished =
      outcome.status === 'completed'
        ? event('JobCompleted', {
            jobId,
            result: jobResult(submitted.data.variant, outcome.output, outcome.model, outcome.tokens),
            model: outcome.model,
            tokensUsed: outcome.tokens.input + outcome.tokens.output,
            chargedMicros: outcome.chargedMicros,
          })
        : event('JobFailed', { jobId, error: storableMessage(outcome.error), code: outcome.code });
    const appended = await tx.append(stream, [finished], { expectedVersion: version, metadata: { workflowId: `job-${jobId}` } });
    await noticeJobChanged(tx, jobId, outcome.status);
    return [...before, ...appended.events];
  });
  return callbackOf(history, jobId);
}

function submittedOf(history: readonly StoredEvent[], jobId: string): StoredEventOf<'JobSubmitted'> {
  const submitted = history.find((e): e is StoredEventOf<'JobSubmitted'> => e.type === 'JobSubmitted');
  if (!submitted) throw new Error(`job ${jobId} was never submitted`);
  return submitted;
}

function callbackOf(history: readonly StoredEvent[], jobId: string): DeliveryRequest | null {
  const submitted = submittedOf(history, jobId);
  const { callbackUrl, accountId } = submitted.data;
  if (!callbackUrl) return null;
  const end = history.find((e): e is StoredEventOf<'JobCompleted' | 'JobFailed'> => e.type === 'JobCompleted' || e.type === 'JobFailed')!;
  const status = end.type === 'JobCompleted' ? 'completed' : 'failed';
  return {
    deliveryId: `job-${jobId}`,
    accountId,
    kind: 'job_callback',
    jobId,
    event: `job.${status}`,
    eventId: `evt_job_${jobId}`,
    url: callbackUrl,
    payload: {
      job_id: jobId,
      status,
      created_at: submitted.recordedAt.toISOString(),
      completed_at: end.recordedAt.toISOString(),
      ...(end.type === 'JobCompleted' ? { result: end.data.result } : { error: end.data.error }),
    },
  };
}
