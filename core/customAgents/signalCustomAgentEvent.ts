import type { Client } from '@temporalio/client';
import { CUSTOM_AGENT_EVENT_SIGNAL, customAgentTriggerWorkflowId } from '../../schema/customAgents/customAgentSchedules';
import { searchAttributes } from '../../schema/searchAttributes';
import type { CustomAgentTriggerEvent, customAgentTrigger } from '../../workflows/customAgents/customAgentTrigger';

/**
 * Hands one event to an agent's trigger workflow, starting it when it is not running (signal-with-start). The
 * workflow runs each event id once, so handing the same event again (a re-read log, a retried request) runs nothing more.
 */
export async function signalCustomAgentEvent(client: Client, taskQueue: string, agentId: string, event: CustomAgentTriggerEvent): Promise<void> {
  await client.workflow.signalWithStart<typeof customAgentTrigger, [CustomAgentTriggerEvent]>('customAgentTrigger', {
    workflowId: customAgentTriggerWorkflowId(agentId),
    taskQueue,
    args: [{ agentId }],
    signal: CUSTOM_AGENT_EVENT_SIGNAL,
    signalArgs: [event],
    typedSearchAttributes: [{ key: searchAttributes.agentId, value: agentId }],
  });
}
