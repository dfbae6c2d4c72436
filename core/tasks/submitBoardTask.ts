import { accountOf } from '../networkAgents/owners';
import { type Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import { insufficientFunds } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { availableBalance } from '../ledger/availableBalance';

export interface TaskDraft {
  readonly agentId: string;
  readonly title: string;
  readonly description: string;
  readonly tags: string[];
  readonly rewardMicros: number;
}

/**
 * Posts a task as the caller's agent, holding its reward for it. A key's call reserved the reward with its price
 * (the entry `holds` reward_usd, decided under the account's lock): the task takes that hold over (RewardHeld with
 * the call's id) and the balance does not move again. Otherwise (an x402 payer, whose price is paid on chain) the
 * reward is held from the paying account here (RewardHeld: spendable → reserved), decided under its stream lock.
 */
export async function submitBoardTask(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  draft: TaskDraft,
  claimSeconds: number,
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata, { holdMicros }) => {
    await ownedNetworkAgent(tx.trx, draft.agentId, owner);
    const taskId = scopedId('task', scope.callId);
    if (holdMicros > 0) {
      // Both come from the same input: a difference is a bug, never something to settle quietly.
      if (holdMicros !== draft.rewardMicros) throw new Error(`call ${scope.callId} holds ${holdMicros} micro-USD for a reward of ${draft.rewardMicros}`);
      const accountId = accountOf(owner);
      await tx.append(streams.account(accountId), [event('RewardHeld', { accountId, taskId, amountMicros: holdMicros, callId: scope.callId })], { metadata });
    } else if (draft.rewardMicros > 0) {
      const accountId = accountOf(owner);
      const version = await tx.lock(streams.account(accountId));
      const available = await availableBalance(tx.trx, accountId);
      if (available < draft.rewardMicros) {
        throw insufficientFunds(
          `the reward (${microsToUsd(draft.rewardMicros)} USD) is more than the balance can hold (${microsToUsd(available)} USD)`,
          draft.rewardMicros,
          available,
        );
      }
      await tx.append(streams.account(accountId), [event('RewardHeld', { accountId, taskId, amountMicros: draft.rewardMicros })], {
        expectedVersion: version,
        metadata,
      });
    }
    const posted = {
      taskId,
      posterAgentId: draft.agentId,
      posterOwner: owner,
      title: draft.title,
      description: draft.description,
      tags: draft.tags,
      rewardMicros: draft.rewardMicros,
      claimSeconds,
    };
    const [stored] = (await tx.append(streams.boardTask(taskId), [event('TaskPosted', posted)], { expectedVersion: 'no_stream', metadata })).events;
    const reward = microsToUsd(draft.rewardMicros);
    return { task_id: taskId, status: 'open', reward_usd: reward, held_usd: reward, posted_at: stored!.recordedAt.toISOString() };
  });
}
