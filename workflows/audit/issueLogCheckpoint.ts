import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

const housekeeping = proxyActivities<Activities>(presets.housekeeping);

/** Run by the `log-checkpoint-<task queue>` schedule: the log's tree extended and a checkpoint signed (when it grew). */
export async function issueLogCheckpoint(): Promise<{ treeSize: number }> {
  return { treeSize: await housekeeping.issueLogCheckpoint() };
}
