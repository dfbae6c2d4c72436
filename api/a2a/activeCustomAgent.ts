import { findCustomAgent } from '../../core/customAgents/findCustomAgent';
import type { CustomAgentRow } from '../../core/customAgents/customAgentsProjection';
import type { AppDeps } from '../deps';
import { NotFound } from '../errors/httpErrors';

/** A custom agent that still runs, whoever owns it (its card is public); an archived or unknown one has no card and no endpoint. */
export async function activeCustomAgent(deps: AppDeps, agentId: string, docs: string): Promise<CustomAgentRow> {
  const agent = await findCustomAgent(deps.store.db, agentId);
  if (!agent || agent.status !== 'active')
    throw new NotFound(`no custom agent ${agentId}`, 'GET /agents/custom lists yours; POST /agents/build makes one.', docs);
  return agent;
}
