import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { lockedBoardTask } from './lockedBoardTask';

/** The claim's timer fired: if that claim still holds (not completed, not an older claim), the task is open again. */
export async function expireClaim(store: EventStore, request: { taskId: string; claim: number }): Promise<{ expired: boolean }> {
  return store.transaction(async (tx) => {
    const { task, version } = await lockedBoardTask(tx, request.taskId);
    if (task.status !== 'claimed' || task.claims !== request.claim) return { expired: false };
    await tx.append(
      streams.boardTask(request.taskId),
      [event('TaskClaimExpired', { taskId: request.taskId, agentId: task.claimant_agent ?? '', claim: request.claim, posterOwner: task.poster_owner })],
      {
        expectedVersion: version,
        metadata: { actor: 'system:task-claim-timer', workflowId: `task-${request.taskId}-claim-${request.claim}` },
      },
    );
    return { expired: true };
  });
}
