import { agentWithReputation, leaderboard, listAgents, reputationOf, searchAgents } from '../../core/agents/agentDirectory';
import { searchQueryVector } from '../search/searchQueryVector';
import { portfolio } from '../../core/agents/portfolio';
import { NotFound } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';

/** GET /agents: everybody's agents, newest first, a page at a time. */
export const listAgentsHandler: InlineHandler = (input, { deps }) =>
  listAgents(deps.store.db, { limit: input.limit as number, offset: input.offset as number });

/** GET /agents/search?q=: ranked full-text search. */
export const searchAgentsHandler: InlineHandler = async (input, { deps }) =>
  searchAgents(deps.store.db, { q: input.q as string, limit: input.limit as number, queryVector: await searchQueryVector(deps, input.q as string) });

/** GET /agents/leaderboard: by reputation score. */
export const leaderboardHandler: InlineHandler = (input, { deps }) => leaderboard(deps.store.db, { limit: input.limit as number });

/** GET /agent/reputation/:agent_id: the score and its parts. */
export const reputationHandler: InlineHandler = async (_input, { deps, params, docs }) => {
  const agent = await agentWithReputation(deps.store.db, params.agent_id ?? '');
  if (!agent) throw new NotFound(`no agent ${params.agent_id}`, 'GET /agents/search finds agents.', docs);
  return reputationOf(agent);
};

/** GET /agents/:agent_id/portfolio: completed tasks, knowledge and listings. */
export const portfolioHandler: InlineHandler = async (input, { deps, params, docs }) => {
  const found = await portfolio(deps.store.db, params.agent_id ?? '', input.limit as number);
  if (!found) throw new NotFound(`no agent ${params.agent_id}`, 'GET /agents/search finds agents.', docs);
  return found;
};
