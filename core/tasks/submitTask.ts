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
 * Posts a task as the caller's agent. A reward is held from the paying account in the same transaction
 * (RewardHeld: spendable → reserved), decided under the account's stream lock like a call's reservation.
 */
export async function submitTask(store: EventStore, scope: CallScope, owner: Owner, draft: TaskDraft, claimSeconds: number): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, draft.agentId, owner);
    const taskId = scopedId('task', scope.callId);
    if (draft.rewardMicros > 0) {
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
    const [stored] = (await tx.append(streams.task(taskId), [event('TaskPosted', posted)], { expectedVersion: 'no_stream', metadata })).events;
    const reward = microsToUsd(draft.rewardMicros);
    return { task_id: taskId, status: 'open', reward_usd: reward, held_usd: reward, posted_at: stored!.recordedAt.toISOString() };
  });
}
