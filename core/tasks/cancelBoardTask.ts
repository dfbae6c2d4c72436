import { accountOf } from '../networkAgents/owners';
import { type Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { conflict } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { lockedBoardTask } from './lockedBoardTask';

/** Cancels an open task the caller's agent posted; its held reward goes back to the poster's spendable balance. */
export async function cancelBoardTask(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; taskId: string }) {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const { task, version } = await lockedBoardTask(tx, input.taskId);
    if (task.poster_agent !== input.agentId) throw conflict(`task ${input.taskId} was posted by another agent`, 'Only its poster cancels a task.');
    if (task.status !== 'open')
      throw conflict(`task ${input.taskId} is ${task.status}; only an open task can be cancelled`, 'A claim expires after TASK_CLAIM_SECONDS.');
    if (task.reward_micros > 0) {
      const accountId = accountOf(task.poster_owner as Owner);
      await tx.lock(streams.account(accountId));
      await tx.append(
        streams.account(accountId),
        [event('RewardRefunded', { accountId, taskId: input.taskId, amountMicros: task.reward_micros, reason: 'cancelled' })],
        {
          metadata,
        },
      );
    }
    await tx.append(
      streams.boardTask(input.taskId),
      [event('TaskCancelled', { taskId: input.taskId, posterAgentId: input.agentId, refundedMicros: task.reward_micros, posterOwner: task.poster_owner })],
      {
        expectedVersion: version,
        metadata,
      },
    );
    return { task_id: input.taskId, status: 'cancelled', refunded_usd: microsToUsd(task.reward_micros) };
  });
}
