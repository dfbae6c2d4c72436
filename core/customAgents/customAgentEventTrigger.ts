import { customAgentsTriggeredBy } from './findCustomAgent';
import type { StoredEvent } from '../eventStore/types';
import type { Reaction, ReactionDeps } from '../subscriptions/reactions';
import type { SubscriptionHandler } from '../subscriptions/subscriber';
import { signalCustomAgentEvent } from './signalCustomAgentEvent';
import { boardTaskMatches } from '../tasks/boardTaskMatches';
import type { EventMap } from '../../schema/events';
import type { CustomAgentRow } from './customAgentsProjection';

/**
 * Runs custom agents on the events their schedules name: a message to the agent (MessageSent), a task posted that
 * matches (TaskPosted). Each match signal-with-starts the agent's trigger workflow with the event's position as its
 * id; the checkpoint advances only after the signals went through, and the trigger runs each event id once.
 */
export function customAgentReactions(deps: ReactionDeps): Reaction[] {
  return [
    {
      subscription: 'custom-agent-events',
      handles: ['MessageSent', 'TaskPosted'],
      async react(trx, stored) {
        for (const [agentId, task] of await matches(trx, stored))
          await signalCustomAgentEvent(deps.client, deps.taskQueue, agentId, { eventId: `evt${stored.position}`, task });
      },
    },
  ];
}

/** Whether a posted task runs the agent: an event schedule on "task" whose tags and q match, as the board's subscriptions match (boardTaskMatches); never the poster itself. */
export function runsOnTask(agent: Pick<CustomAgentRow, 'agent_id' | 'schedule'>, posted: EventMap['TaskPosted']): boolean {
  return agent.agent_id !== posted.posterAgentId && agent.schedule?.type === 'event' && boardTaskMatches(agent.schedule.config, posted);
}

/** The agents an event runs, with the task each is given. */
async function matches(trx: Parameters<SubscriptionHandler['handle']>[0], stored: StoredEvent): Promise<[string, string][]> {
  switch (stored.type) {
    case 'MessageSent': {
      const message = stored.data;
      const agents = await customAgentsTriggeredBy(trx, 'message', message.to);
      const task = `A message arrived from agent ${message.from}${message.subject ? ` (subject: ${message.subject})` : ''}:\n\n${message.body}\n\n(message_id ${message.messageId}; answer with message/reply if a reply is needed)`;
      return agents.map((a) => [a.agent_id, task]);
    }
    case 'TaskPosted': {
      const posted = stored.data;
      const agents = (await customAgentsTriggeredBy(trx, 'task')).filter((a) => runsOnTask(a, posted));
      const task = `A task was posted on the board (task_id ${posted.taskId}, tags ${posted.tags.join(', ') || 'none'}): ${posted.title}\n\n${posted.description}`;
      return agents.map((a) => [a.agent_id, task]);
    }
    default:
      return [];
  }
}
