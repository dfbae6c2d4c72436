import type { Client } from '@temporalio/client';
import { AGENT_EVENT_SIGNAL, agentTriggerWorkflowId } from '../../schema/customAgents/customAgentSchedules';
import { searchAttributes } from '../../schema/searchAttributes';
import type { AgentLoopEvent, customAgentTrigger } from '../../workflows/customAgents/customAgentTrigger';

/**
 * Hands one event to an agent's trigger workflow, starting it when it is not running (signal-with-start). The
 * workflow runs each event id once, so handing the same event again (a re-read log, a retried request) runs nothing more.
 */
export async function signalAgentEvent(client: Client, taskQueue: string, agentId: string, event: AgentLoopEvent): Promise<void> {
  await client.workflow.signalWithStart<typeof customAgentTrigger, [AgentLoopEvent]>('customAgentTrigger', {
    workflowId: agentTriggerWorkflowId(agentId),
    taskQueue,
    args: [{ agentId }],
    signal: AGENT_EVENT_SIGNAL,
    signalArgs: [event],
    typedSearchAttributes: [{ key: searchAttributes.agentId, value: agentId }],
  });
}
