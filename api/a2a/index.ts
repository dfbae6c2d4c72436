import type { InlineHandler } from '../inline/inlineHandler';
import { activeCustomAgent } from './activeCustomAgent';
import { customAgentCard, serviceCard } from './agentCard';

export { a2aRoutes } from './a2aRoutes';

/** The A2A agent cards (registry entries of the a2a family); the JSON-RPC endpoints are a2aRoutes. */
export const a2aHandlers: Readonly<Record<string, InlineHandler>> = {
  '.well-known/agent-card.json': (_input, { deps }) => serviceCard(deps.config),
  '.well-known/agent.json': (_input, { deps }) => serviceCard(deps.config),
  'a2a/agents/card': async (_input, { deps, params, docs }) => customAgentCard(deps.config, await activeCustomAgent(deps, params.agent_id ?? '', docs)),
};
