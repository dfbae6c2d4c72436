import { type Client, ScheduleOverlapPolicy } from '@temporalio/client';
import { upsertSchedule } from '../temporal/upsertSchedule';
import type { Config } from '../../schema/config';

export const checkpointScheduleId = (taskQueue: string) => `log-checkpoint-${taskQueue}`;

/**
 * Creates the schedule that extends the log's tree and signs a checkpoint every LOG_CHECKPOINT_EVERY_MINUTES, or
 * brings it up to date (every worker calls this at start). One per task queue, like the purges.
 */
export async function ensureCheckpointSchedule(client: Client, config: Pick<Config, 'taskQueue' | 'logCheckpointEveryMinutes'>): Promise<string> {
  const scheduleId = checkpointScheduleId(config.taskQueue);
  const spec = { intervals: [{ every: config.logCheckpointEveryMinutes * 60_000 }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'issueLogCheckpoint',
    workflowId: `log-checkpoint-${config.taskQueue}`,
    taskQueue: config.taskQueue,
    args: [],
  };
  const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 3_600_000 };
  await upsertSchedule(client, scheduleId, { spec, action, policies });
  return scheduleId;
}
