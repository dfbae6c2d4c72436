import { sql } from 'kysely';
import { type CallStreamNotice, callStreamChannel } from '../../schema/callStream';
import type { JobStatus } from '../../schema/jobs/jobRequests';
import type { EventStoreTransaction } from '../eventStore';

/**
 * Tells whoever follows a job live (an A2A task's stream, api/a2a/) that its status changed: a notice on the NOTIFY
 * channel of the job's call (`job-<jobId>`), which PostgreSQL sends when the transaction recording the change commits.
 * Best effort, like every call notice: the log is the truth, and a follower reads it again on each notice.
 */
export async function noticeJobChanged(tx: EventStoreTransaction, jobId: string, status: JobStatus): Promise<void> {
  const notice: CallStreamNotice = { kind: 'event', seq: status === 'running' ? 1 : 2, event: 'job', data: { status } };
  await sql`select pg_notify(${callStreamChannel(`job-${jobId}`)}, ${JSON.stringify(notice)})`.execute(tx.trx);
}
