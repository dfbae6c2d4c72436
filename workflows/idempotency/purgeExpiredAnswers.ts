import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

const housekeeping = proxyActivities<Activities>(presets.housekeeping);

/** Run by the `answer-purge-<task queue>` schedule: first answers to idempotency keys are kept the window, then deleted. */
export async function purgeExpiredAnswers(request: { windowHours: number }): Promise<{ purged: number }> {
  return { purged: await housekeeping.purgeAnswers(request) };
}
