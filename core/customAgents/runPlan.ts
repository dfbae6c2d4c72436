import { ownerOf } from '../networkAgents/owners';
import type { RunTrigger } from '../../schema/customAgents/customAgentSchedules';
import type { Payer } from '../../schema/events';
import { conflict, notFound } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { byName } from '../../schema/registry';
import { isStepTool } from '../orchestration/stepTools';
import { recordCustomAgentRunStarted } from './customAgentRuns';
import { ownedCustomAgent } from './findCustomAgent';

export interface RunStartRequest {
  readonly agentId: string;
  readonly callId: string;
  readonly payer: Payer;
  readonly trigger: RunTrigger;
  readonly task: string;
  readonly eventId?: string;
}

/** What the agent loop is given for one run: the agent's persona, tools and model. */
export interface RunPlan {
  readonly runId: string;
  readonly system: string;
  readonly tools: string[];
  readonly model: string;
}

/** The memory tools an agent with `memory` is also offered (acting as itself: its own memory-<agentId>). */
const MEMORY_TOOLS = ['memory/get', 'memory/set', 'memory/search'].filter((name) => isStepTool(byName.get(name)));

/**
 * Starts a run of a custom agent: only its owner pays for it (anyone else is told it does not exist), an archived
 * agent runs no more (409), and the start is recorded once on the agent's stream.
 */
export async function startCustomAgentRun(store: EventStore, request: RunStartRequest): Promise<RunPlan> {
  const agent = await ownedCustomAgent(store.db, request.agentId, ownerOf(request.payer));
  if (!agent) throw notFound(`no custom agent ${request.agentId} of yours`, 'GET /agents/custom lists yours.');
  if (agent.status === 'archived') throw conflict(`custom agent ${request.agentId} is archived: it runs no more`, 'Build a new agent (POST /agents/build).');
  const { agentId, callId, trigger, task, eventId } = request;
  await recordCustomAgentRunStarted(store, { agentId, runId: callId, callId, trigger, task, ...(eventId ? { eventId } : {}) }, `call-${callId}`);
  const memoryNote = agent.memory ? `\n\nYou have a memory that lasts between runs: use the memory tools with agent_id "${agentId}".` : '';
  return {
    runId: callId,
    system: `${agent.system_prompt}${memoryNote}\n\nYou are the custom agent "${agent.name}" (agent_id ${agentId}).`,
    tools: agent.memory ? [...new Set([...agent.tools, ...MEMORY_TOOLS])] : agent.tools,
    model: agent.model,
  };
}
