import type { Owner } from '../../schema/agentNetwork';
import type { Db } from '../db/createDb';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';

/**
 * Memory's ownership rule: an agent's memory (`memory-<agentId>`) is read, written, searched and cleared by the
 * agent's owner alone, by the network agents' own rule (ownedNetworkAgent): anyone else is told the agent is not
 * found.
 */
export async function checkMemoryOwner(db: Db, agentId: string, owner: Owner): Promise<void> {
  await ownedNetworkAgent(db, agentId, owner);
}
