import type { a2aTools } from '../../schema/a2a/a2aTools';
import type { ApiFeature } from '../features';
import type { FamilyHandlers } from '../inline/inlineHandler';
import { a2aRoutes } from './a2aRoutes';
import { activeCustomAgent } from './activeCustomAgent';
import { toolAvailability } from '../availability/toolAvailability';
import { availableServiceCard, customAgentCard } from './agentCard';

/** The A2A agent cards (the a2a entries); the JSON-RPC endpoints are a2aRoutes. */
const a2aHandlers: FamilyHandlers<typeof a2aTools> = {
  '.well-known/agent-card.json': async (_input, { deps }) => availableServiceCard(deps.config, await toolAvailability(deps)),
  '.well-known/agent.json': async (_input, { deps }) => availableServiceCard(deps.config, await toolAvailability(deps)),
  'a2a/agents/card': async (_input, { deps, params, docs }) => customAgentCard(deps.config, await activeCustomAgent(deps, params.agent_id ?? '', docs)),
};

export const feature = { handlers: a2aHandlers, routes: a2aRoutes } satisfies ApiFeature;
