import { networkAgentWithReputation, leaderboard, listNetworkAgents, reputationOf, searchNetworkAgents } from '../../core/networkAgents/networkAgentDirectory';
import { queryVectorFromWorker } from '../searchByMeaning/queryVectorFromWorker';
import { portfolio } from '../../core/networkAgents/portfolio';
import { NotFound } from '../errors/httpErrors';
import type { networkAgentTools } from '../../schema/networkAgents/networkAgentTools';
import type { HandlerFor } from '../inline/inlineHandler';

/** GET /agents: everybody's agents, newest first, a page at a time. */
export const listNetworkAgentsHandler: HandlerFor<typeof networkAgentTools, 'agents'> = (input, { deps }) =>
  listNetworkAgents(deps.store.db, { limit: input.limit, offset: input.offset });

/** GET /agents/search?q=: ranked full-text search. */
export const searchNetworkAgentsHandler: HandlerFor<typeof networkAgentTools, 'agents/search'> = async (input, { deps }) =>
  searchNetworkAgents(deps.store.db, { q: input.q, limit: input.limit, queryVector: await queryVectorFromWorker(deps, input.q) });

/** GET /agents/leaderboard: by reputation score. */
export const leaderboardHandler: HandlerFor<typeof networkAgentTools, 'agents/leaderboard'> = (input, { deps }) =>
  leaderboard(deps.store.db, { limit: input.limit });

/** GET /agent/reputation/:agent_id: the score and its parts. */
export const reputationHandler: HandlerFor<typeof networkAgentTools, 'agent/reputation'> = async (_input, { deps, params, docs }) => {
  const agent = await networkAgentWithReputation(deps.store.db, params.agent_id ?? '');
  if (!agent) throw new NotFound(`no agent ${params.agent_id}`, 'GET /agents/search finds agents.', docs);
  return reputationOf(agent);
};

/** GET /agents/:agent_id/portfolio: completed tasks, knowledge and listings. */
export const portfolioHandler: HandlerFor<typeof networkAgentTools, 'agents/portfolio'> = async (input, { deps, params, docs }) => {
  const found = await portfolio(deps.store.db, params.agent_id ?? '', input.limit);
  if (!found) throw new NotFound(`no agent ${params.agent_id}`, 'GET /agents/search finds agents.', docs);
  return found;
};
