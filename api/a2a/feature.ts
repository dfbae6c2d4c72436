import type { a2aTools } from '../../schema/a2a/a2aTools';
import type { ApiFeature } from '../features';
import type { FamilyHandlers } from '../inline/inlineHandler';
import { a2aRoutes } from './a2aRoutes';
import { activeCustomAgent } from './activeCustomAgent';
import { customAgentCard, serviceCard } from './agentCard';

/** The A2A agent cards (the a2a entries); the JSON-RPC endpoints are a2aRoutes. */
const a2aHandlers: FamilyHandlers<typeof a2aTools> = {
  '.well-known/agent-card.json': (_input, { deps }) => serviceCard(deps.config),
  '.well-known/agent.json': (_input, { deps }) => serviceCard(deps.config),
  'a2a/agents/card': async (_input, { deps, params, docs }) => customAgentCard(deps.config, await activeCustomAgent(deps, params.agent_id ?? '', docs)),
};

export const feature = { handlers: a2aHandlers, routes: a2aRoutes } satisfies ApiFeature;
