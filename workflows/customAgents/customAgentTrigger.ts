import { condition, continueAsNew, defineSignal, executeChild, isCancellation, setHandler, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { CUSTOM_AGENT_EVENT_SIGNAL } from '../../schema/customAgents/customAgentSchedules';
import { searchAttributes } from '../../schema/searchAttributes';
import type { customAgentRun } from './customAgentRun';

/** An event an agent's event schedule runs on: its id (`evt<position>` of the log, or the relay event's) and the task it makes. */
export interface CustomAgentTriggerEvent {
  readonly eventId: string;
  readonly task: string;
}

export const customAgentEventSignal = defineSignal<[CustomAgentTriggerEvent]>(CUSTOM_AGENT_EVENT_SIGNAL);

export interface CustomAgentTriggerArgs {
  readonly agentId: string;
  /** Event ids already run, carried over a continue-as-new. */
  readonly seen?: readonly string[];
}

/** Idle this long, the workflow ends; the next event starts it again (signal-with-start). */
const IDLE = '10 minutes';
/** Events handled before the history is started afresh. */
const EVENTS_PER_RUN = 100;
const SEEN_KEPT = 500;

/**
 * `agent-<id>-trigger`: the subscriber signal-with-starts it once per event an agent's event schedule matches; it runs
 * them one at a time, each as a `customAgentRun` child `agentrun-<id>-<eventId>`, refused by Temporal if that event
 * already ran, so an event read twice by the subscriber runs the agent once.
 */
export async function customAgentTrigger(args: CustomAgentTriggerArgs): Promise<void> {
  const seen = new Set(args.seen ?? []);
  const queue: CustomAgentTriggerEvent[] = [];
  setHandler(customAgentEventSignal, (event) => {
    if (seen.has(event.eventId)) return;
    seen.add(event.eventId);
    queue.push(event);
  });
  let handled = 0;
  for (;;) {
    if (!(await condition(() => queue.length > 0, IDLE))) return;
    const next = queue.shift()!;
    try {
      await executeChild<typeof customAgentRun>('customAgentRun', {
        workflowId: `agentrun-${args.agentId}-${next.eventId}`,
        args: [{ agentId: args.agentId, trigger: 'event', task: next.task, eventId: next.eventId }],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: [{ key: searchAttributes.agentId, value: args.agentId }],
      });
    } catch (error) {
      // Already run (a repeated event), or failed and recorded by the run itself: the next event goes on either way.
      // Cancelled (the agent was archived or unscheduled): the trigger ends.
      if (isCancellation(error) || !(error instanceof WorkflowExecutionAlreadyStartedError || error instanceof Error)) throw error;
    }
    if (++handled >= EVENTS_PER_RUN && queue.length === 0) {
      await continueAsNew<typeof customAgentTrigger>({ agentId: args.agentId, seen: [...seen].slice(-SEEN_KEPT) });
    }
  }
}
