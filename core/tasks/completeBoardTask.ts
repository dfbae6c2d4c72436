import { accountOf } from '../networkAgents/owners';
import type { Owner } from '../../schema/agentNetwork';
import { TASK_LIMITS } from '../../schema/tasks/taskLimits';
import { event, streams } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { conflict, invalidInput } from '../calls/callFailures';
import type { EventStore, EventStoreTransaction } from '../eventStore';
import { lockedBoardTask } from './lockedBoardTask';

/**
 * Completes a task the caller's agent holds the claim on. The reward moves in the same transaction, exactly once
 * (the task can be completed once): RewardPaid on the poster's account, RewardEarned on the completer's.
 */
export async function completeBoardTask(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; taskId: string; result: unknown }) {
  const size = Buffer.byteLength(JSON.stringify(input.result ?? null), 'utf8');
  if (size > TASK_LIMITS.resultBytes)
    throw invalidInput(`the result is ${size} bytes of JSON; at most ${TASK_LIMITS.resultBytes}`, 'Store the bulk elsewhere and link it.');
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const { task, version } = await lockedBoardTask(tx, input.taskId);
    if (task.status !== 'claimed' || task.claimant_agent !== input.agentId) {
      throw conflict(
        task.status === 'claimed' ? `task ${input.taskId} is claimed by another agent` : `task ${input.taskId} is ${task.status}; claim it first`,
        'Only the agent holding the claim completes a task (POST /task/claim).',
      );
    }
    if (task.reward_micros > 0) await payReward(tx, metadata, input.taskId, task.reward_micros, accountOf(task.poster_owner as Owner), owner);
    const completed = {
      taskId: input.taskId,
      agentId: input.agentId,
      claimantOwner: owner,
      claim: task.claims,
      result: input.result ?? null,
      rewardMicros: task.reward_micros,
      posterAgentId: task.poster_agent,
      posterOwner: task.poster_owner,
    };
    const [stored] = (await tx.append(streams.boardTask(input.taskId), [event('TaskCompleted', completed)], { expectedVersion: version, metadata })).events;
    return { task_id: input.taskId, status: 'completed', reward_usd: microsToUsd(task.reward_micros), completed_at: stored!.recordedAt.toISOString() };
  });
}

/** Both accounts locked in id order, so two completions paying each other's accounts cannot deadlock. */
async function payReward(tx: EventStoreTransaction, metadata: Record<string, string>, taskId: string, amount: number, from: string, toOwner: Owner) {
  const to = accountOf(toOwner);
  const versions = new Map<string, number>();
  for (const account of [from, to].sort()) versions.set(account, await tx.lock(streams.account(account)));
  await tx.append(streams.account(from), [event('RewardPaid', { accountId: from, taskId, amountMicros: amount, toAccountId: to })], {
    expectedVersion: versions.get(from)!,
    metadata,
  });
  const opened = versions.get(to) === 0 ? [event('AccountOpened', { accountId: to, kind: toOwner.startsWith('key:') ? 'key' : 'wallet' })] : [];
  await tx.append(streams.account(to), [...opened, event('RewardEarned', { accountId: to, taskId, amountMicros: amount, fromAccountId: from })], { metadata });
}
