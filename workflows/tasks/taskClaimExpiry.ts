import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

const board = proxyActivities<Activities>(presets.housekeeping);

export interface TaskClaimTimer {
  readonly taskId: string;
  readonly claim: number;
  readonly expiresAt: string;
}

/**
 * `task-<taskId>-claim-<n>`: a durable timer for one claim. When it fires, the task opens again unless that claim
 * was completed first (the activity decides under the task's lock). Survives restarts of every process.
 */
export async function taskClaimExpiry(timer: TaskClaimTimer): Promise<{ expired: boolean }> {
  const wait = Date.parse(timer.expiresAt) - Date.now();
  if (wait > 0) await sleep(wait);
  return board.expireTaskClaim({ taskId: timer.taskId, claim: timer.claim });
}
