import type { InlineHandler } from '../inline/inlineHandler';
import { leaderboardHandler, listAgentsHandler, portfolioHandler, reputationHandler, searchAgentsHandler } from './directory';
import { challengeHandler, meHandler, verifyHandler } from './sessions';

/** The agent registry's free reads and the wallet sessions (registering is a paid tool: activities/networkAgents/). */
export const agentHandlers: Readonly<Record<string, InlineHandler>> = {
  agents: listAgentsHandler,
  'agents/search': searchAgentsHandler,
  'agents/leaderboard': leaderboardHandler,
  'agent/reputation': reputationHandler,
  'agents/portfolio': portfolioHandler,
  'agents/challenge': challengeHandler,
  'agents/verify': verifyHandler,
  'agents/me': meHandler,
};
