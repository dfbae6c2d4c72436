import { type Client, ScheduleOverlapPolicy } from '@temporalio/client';
import { upsertSchedule } from '../temporal/upsertSchedule';
import { ANSWER_WINDOW_HOURS } from './answerWindow';
import type { Config } from '../../schema/config';

export const answerPurgeScheduleId = (taskQueue: string) => `answer-purge-${taskQueue}`;

/** Hourly: an answer is then kept between the window and the window plus an hour. */
const EVERY_MS = 3_600_000;

/**
 * Creates the schedule that deletes first answers to idempotency keys older than the window, or brings it up to
 * date (every worker calls this at start). One per task queue, like the relay purge.
 */
export async function ensureAnswerPurgeSchedule(client: Client, config: Pick<Config, 'taskQueue'>): Promise<string> {
  const scheduleId = answerPurgeScheduleId(config.taskQueue);
  const spec = { intervals: [{ every: EVERY_MS }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'purgeExpiredAnswers',
    workflowId: `answer-purge-${config.taskQueue}`,
    taskQueue: config.taskQueue,
    args: [{ windowHours: ANSWER_WINDOW_HOURS }],
  };
  const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 3_600_000 };
  await upsertSchedule(client, scheduleId, { spec, action, policies });
  return scheduleId;
}
