import { ownedCustomAgent } from '../../core/customAgents/findCustomAgent';
import { walletOwner } from '../../core/networkAgents/owners';
import type { Caller } from '../deps';
import { Conflict, NotFound } from '../errors/httpErrors';

/**
 * Before a run is paid for: another owner's (or a missing) agent is a 404 and an archived one a 409, so neither
 * holds anything. A caller paying with x402 and no session is known only once the payment is read: the run's own
 * check (core/customAgents/runPlan.ts) refuses it then, and the payment is not settled.
 */
export async function refuseUnrunnableCustomAgent(
  db: Parameters<typeof ownedCustomAgent>[0],
  agentId: string,
  caller: Caller | undefined,
  docs: string,
): Promise<void> {
  const owner = caller?.kind === 'key' ? (`key:${caller.accountId}` as const) : caller?.kind === 'wallet' ? walletOwner(caller.address) : null;
  if (!owner) return;
  const agent = await ownedCustomAgent(db, agentId, owner);
  if (!agent) throw new NotFound(`no custom agent ${agentId} of yours`, 'GET /agents/custom lists yours; POST /agents/build makes one.', docs);
  if (agent.status === 'archived') throw new Conflict(`custom agent ${agentId} is archived: it runs no more`, 'Build a new agent (POST /agents/build).', docs);
}
