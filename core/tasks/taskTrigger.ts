import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { accountOf, type Owner } from '../../schema/agentNetwork';
import { startDeliveryWorkflow } from '../webhooks/startDeliveryWorkflow';
import type { StoredEventOf } from '../eventStore/types';
import type { EventType } from '../../schema/events';
import type { SubscriptionHandler } from '../subscriptions/subscriber';
import { matchingSubscriptions } from './matchingSubscriptions';
import { microsToUsd } from '../../schema/money';
import type { broadcastFanOut } from '../../workflows/messages/broadcastFanOut';
import type { taskClaimExpiry } from '../../workflows/tasks/taskClaimExpiry';

export interface AgentNetworkTriggerDeps {
  readonly client: Client;
  readonly taskQueue: string;
}

/**
 * Starts what the agent network's facts call for: a claim's timer on TaskClaimed (`task-<id>-claim-<n>`, stopped
 * once the task is completed), a
 * broadcast's fan-out on BroadcastRequested (`broadcast-<id>`), and a signed delivery to each task subscription a
 * new task matches. Its checkpoint advances only after the starts succeed, and every workflow id derives from the
 * event, so an event read twice starts nothing twice.
 */
export function agentNetworkTrigger(deps: AgentNetworkTriggerDeps): SubscriptionHandler {
  const start = async <W extends Workflow>(type: string, workflowId: string, args: Parameters<W>) => {
    try {
      await deps.client.workflow.start(type, { workflowId, taskQueue: deps.taskQueue, args: args as unknown[], workflowIdReusePolicy: 'REJECT_DUPLICATE' });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
  const stop = async (workflowId: string) => {
    try {
      await deps.client.workflow.getHandle(workflowId).cancel();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  };
  return {
    id: 'agent-network',
    handles: ['TaskClaimed', 'TaskCompleted', 'BroadcastRequested', 'TaskPosted'] satisfies EventType[],
    async handle(trx, events) {
      for (const stored of events) {
        switch (stored.type) {
          case 'TaskClaimed': {
            const { taskId, claim, expiresAt } = stored.data;
            await start<typeof taskClaimExpiry>('taskClaimExpiry', `task-${taskId}-claim-${claim}`, [{ taskId, claim, expiresAt }]);
            break;
          }
          case 'TaskCompleted':
            // The claim's timer has nothing left to do: stop it rather than let it sleep out the claim.
            await stop(`task-${stored.data.taskId}-claim-${stored.data.claim}`);
            break;
          case 'BroadcastRequested':
            await start<typeof broadcastFanOut>('broadcastFanOut', `broadcast-${stored.data.broadcastId}`, [
              { broadcastId: stored.data.broadcastId, after: null, recipients: 0 },
            ]);
            break;
          case 'TaskPosted':
            for (const subscription of await matchingSubscriptions(trx, stored.data, stored.recordedAt)) {
              await startDeliveryWorkflow(deps.client, deps.taskQueue, taskDelivery(stored, subscription));
            }
            break;
        }
      }
    },
  };
}

function taskDelivery(stored: StoredEventOf<'TaskPosted'>, subscription: { subscription_id: string; owner: string; callback_url: string }) {
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
