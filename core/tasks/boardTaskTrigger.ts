import { accountOf } from '../networkAgents/owners';
import { type Owner } from '../../schema/agentNetwork';
import { startDeliveryWorkflow } from '../webhooks/startDeliveryWorkflow';
import type { StoredEventOf } from '../eventStore/types';
import { AGENT_NETWORK_SUBSCRIPTION, type Reaction, type ReactionDeps } from '../subscriptions/reactions';
import { cancelIfRunning, startOnce } from '../subscriptions/startOnce';
import { matchingSubscriptions } from './matchingSubscriptions';
import { microsToUsd } from '../../schema/money';
import type { taskClaimExpiry } from '../../workflows/tasks/taskClaimExpiry';

/**
 * What the task board's facts call for: a claim's timer on TaskClaimed (`task-<id>-claim-<n>`, stopped once the task
 * is completed), and a signed delivery to each task subscription a new task matches. Every workflow id derives from
 * the event, so an event read twice starts nothing twice.
 */
export function boardTaskReactions(deps: ReactionDeps): Reaction[] {
  return [
    {
      subscription: AGENT_NETWORK_SUBSCRIPTION,
      handles: ['TaskClaimed', 'TaskCompleted', 'TaskPosted'],
      async react(trx, stored) {
        switch (stored.type) {
          case 'TaskClaimed': {
            const { taskId, claim, expiresAt } = stored.data;
            await startOnce<typeof taskClaimExpiry>(deps, 'taskClaimExpiry', `task-${taskId}-claim-${claim}`, [{ taskId, claim, expiresAt }]);
            break;
          }
          case 'TaskCompleted':
            // The claim's timer has nothing left to do: stop it rather than let it sleep out the claim.
            await cancelIfRunning(deps, `task-${stored.data.taskId}-claim-${stored.data.claim}`);
            break;
          case 'TaskPosted':
            for (const subscription of await matchingSubscriptions(trx, stored.data, stored.recordedAt)) {
              await startDeliveryWorkflow(deps.client, deps.taskQueue, boardTaskDelivery(stored, subscription));
            }
            break;
        }
      },
    },
  ];
}

function boardTaskDelivery(stored: StoredEventOf<'TaskPosted'>, subscription: { subscription_id: string; owner: string; callback_url: string }) {
  const eventId = `evt_${stored.position}`;
  const task = stored.data;
  return {
    deliveryId: `${subscription.subscription_id}-evt${stored.position}`,
    accountId: accountOf(subscription.owner as Owner),
    kind: 'task_subscription' as const,
    subscriptionId: subscription.subscription_id,
    event: 'agent_task',
    eventId,
    url: subscription.callback_url,
    payload: {
      id: eventId,
      type: 'agent_task',
      created_at: stored.recordedAt.toISOString(),
      subscription_id: subscription.subscription_id,
      data: {
        change: 'posted',
        task: {
          task_id: task.taskId,
          poster_agent_id: task.posterAgentId,
          title: task.title,
          description: task.description,
          tags: task.tags,
          reward_usd: microsToUsd(task.rewardMicros),
          status: 'open',
          posted_at: stored.recordedAt.toISOString(),
        },
      },
    },
  };
}
