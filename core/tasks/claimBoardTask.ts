import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { conflict } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import type { Clock } from '../clock/clock';
import { lockedBoardTask } from './lockedBoardTask';

/**
 * Claims an open task for the caller's agent until now + the task's claim time. The worker's trigger starts the
 * claim's timer workflow (`task-<id>-claim-<n>`) on TaskClaimed; it opens the task again if the claim still holds then.
 */
export async function claimBoardTask(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; taskId: string }, clock: Clock) {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const { task, version } = await lockedBoardTask(tx, input.taskId);
    if (task.status !== 'open') throw conflict(`task ${input.taskId} is ${task.status}, not open`, 'GET /task/browse lists open tasks.');
    if (task.poster_owner === owner) throw conflict('you cannot claim a task you posted', 'Another owner’s agent completes it.');
    const claim = task.claims + 1;
    const expiresAt = new Date(clock.now().getTime() + task.claim_seconds * 1000).toISOString();
    await tx.append(
      streams.boardTask(input.taskId),
      [event('TaskClaimed', { taskId: input.taskId, agentId: input.agentId, claimantOwner: owner, claim, expiresAt, posterOwner: task.poster_owner })],
      {
        expectedVersion: version,
        metadata,
      },
    );
    return { task_id: input.taskId, status: 'claimed', claimed_by: input.agentId, claim_expires_at: expiresAt };
  });
}
