import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What an agent's vector is made from: its name's words, description and capabilities. */
export function networkAgentSearchText(agent: { name: string; description: string; capabilities: readonly string[] }): string {
  const capabilities = agent.capabilities.length ? ` (${agent.capabilities.join(', ')})` : '';
  return `${agent.name.replace(/[-_]+/g, ' ')}: ${agent.description}${capabilities}`;
}

/** The agent directory by meaning: shared, stamped with registered_at (searchNetworkAgents reads the same). */
export const networkAgentSearchable: SearchableCollection = {
  collection: 'network_agents',
  writtenBy: { AgentRegistered: (data) => shared(data.agentId) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('network_agents')
      .select(['agent_id', 'name', 'description', 'capabilities', 'registered_at'])
      .where(
        'agent_id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.agent_id), text: networkAgentSearchText(r), stamp: r.registered_at }));
  },
};
