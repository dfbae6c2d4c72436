import { listCustomAgentRuns } from '../../core/customAgents/customAgentRuns';
import { listCustomAgents } from '../../core/customAgents/findCustomAgent';
import type { customAgentTools } from '../../schema/customAgents/customAgentTools';
import { callerOwner } from '../callerOwner';
import type { HandlerFor } from '../inline/inlineHandler';
import { customAgentView, customAgentRunView } from './customAgentView';
import { customAgentOfCaller } from './customAgentOfCaller';

/** GET /agents/custom: the caller's own agents only. */
export const listHandler: HandlerFor<typeof customAgentTools, 'agents/custom'> = async (_input, { deps, state }) => {
  const agents = (await listCustomAgents(deps.store.db, callerOwner(state))).map(customAgentView);
  return { agents, count: agents.length };
};

/** GET /agents/custom/{id}. */
export const getHandler: HandlerFor<typeof customAgentTools, 'agents/custom/get'> = async (_input, { deps, state, params, docs }) =>
  customAgentView(await customAgentOfCaller(deps, state, params.agent_id ?? '', docs));

/** GET /agents/custom/{id}/runs: newest first, archived agents' too. */
export const runsHandler: HandlerFor<typeof customAgentTools, 'agents/custom/runs'> = async (input, { deps, state, params, docs }) => {
  const agent = await customAgentOfCaller(deps, state, params.agent_id ?? '', docs);
  const runs = (await listCustomAgentRuns(deps.store.db, agent.agent_id, input.limit ?? 20)).map(customAgentRunView);
  return { runs, count: runs.length };
};
