import { type Client, ScheduleOverlapPolicy } from '@temporalio/client';
import { upsertSchedule } from '../temporal/upsertSchedule';
import type { Config } from '../../schema/config';

export const relayPurgeScheduleId = (taskQueue: string) => `relay-purge-${taskQueue}`;

/**
 * Creates the schedule that purges expired relay events, or brings an existing one up to date (every worker
 * calls this at start, so changed settings apply after a deploy). One schedule per task queue: deployments
 * sharing a Temporal namespace keep their own.
 */
export async function ensureRelayPurgeSchedule(
  client: Client,
  config: Pick<Config, 'taskQueue' | 'relayRetentionHours' | 'relayPurgeEveryMinutes'>,
): Promise<string> {
  const scheduleId = relayPurgeScheduleId(config.taskQueue);
  const spec = { intervals: [{ every: config.relayPurgeEveryMinutes * 60_000 }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'purgeExpiredRelayEvents',
    workflowId: `relay-purge-${config.taskQueue}`,
    taskQueue: config.taskQueue,
    args: [{ retentionHours: config.relayRetentionHours }],
  };
  const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 3_600_000 };
  await upsertSchedule(client, scheduleId, { spec, action, policies });
  return scheduleId;
}
