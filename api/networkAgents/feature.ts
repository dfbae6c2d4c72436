import { type FamilyHandlers } from '../inline/inlineHandler';
import { leaderboardHandler, listNetworkAgentsHandler, portfolioHandler, reputationHandler, searchNetworkAgentsHandler } from './directory';
import { challengeHandler, meHandler, verifyHandler } from './sessions';
import type { networkAgentTools } from '../../schema/networkAgents/networkAgentTools';
import type { ApiFeature } from '../features';

/** The agent registry's free reads and the wallet sessions (registering is a paid tool: activities/networkAgents/). */
const agentHandlers: FamilyHandlers<typeof networkAgentTools> = {
  agents: listNetworkAgentsHandler,
  'agents/search': searchNetworkAgentsHandler,
  'agents/leaderboard': leaderboardHandler,
  'agent/reputation': reputationHandler,
  'agents/portfolio': portfolioHandler,
  'agents/challenge': challengeHandler,
  'agents/verify': verifyHandler,
  'agents/me': meHandler,
};

export const feature = { handlers: agentHandlers } satisfies ApiFeature;
