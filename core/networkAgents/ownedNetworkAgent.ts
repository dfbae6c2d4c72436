import { ownedBy, ownerOf } from './owners';
import { type Owner } from '../../schema/agentNetwork';
import type { Payer } from '../../schema/events';
import { invalidInput, notFound } from '../calls/callFailures';
import type { Db } from '../db/createDb';
import type { NetworkAgentRow } from './networkAgentsProjection';
import { findNetworkAgent } from './findNetworkAgent';

/** Who a paid call acts as; a call without an identity (never routed here: needsIdentity) is refused. */
export function actingOwner(payer: Payer | undefined): Owner {
  const owner = ownerOf(payer);
  if (!owner) throw invalidInput('this tool acts as an identity: pay with an API key or an x402 wallet', 'Send Authorization: Bearer apk_…, or pay with x402.');
  return owner;
}

/**
 * The ownership rule of network agents, the one every feature acting as an agent applies: the agent, if it exists
 * and `owner` owns it; undefined otherwise. Another owner's agent is absent exactly like one that does not exist, so
 * nobody can probe what others hold (the caller answers 404, never 403).
 */
export async function findOwnedNetworkAgent(db: Db, agentId: string, owner: Owner | null): Promise<NetworkAgentRow | undefined> {
  return ownedBy(await findNetworkAgent(db, agentId), owner);
}

/** The agent, if `owner` owns it (findOwnedNetworkAgent); otherwise the call fails as not found. */
export async function ownedNetworkAgent(db: Db, agentId: string, owner: Owner): Promise<NetworkAgentRow> {
  const agent = await findOwnedNetworkAgent(db, agentId, owner);
  if (!agent) throw notFound(`no agent ${agentId} of yours`, 'POST /agents/register creates one; GET /agents/me lists a wallet’s.');
  return agent;
}
