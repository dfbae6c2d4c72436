import { event, streams } from '../../schema/events';
import { type EventStore, readStream } from '../eventStore';
import { noticeJobChanged } from './noticeJobChanged';

/** pending → running, once (the activity may be retried). */
export async function recordJobStarted(store: EventStore, jobId: string): Promise<void> {
  const stream = streams.job(jobId);
  await store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    const history = await readStream(tx.trx, stream);
    if (history.some((e) => e.type !== 'JobSubmitted')) return;
    await tx.append(stream, [event('JobStarted', { jobId })], { expectedVersion: version, metadata: { workflowId: `job-${jobId}` } });
    await noticeJobChanged(tx, jobId, 'running');
  });
}
