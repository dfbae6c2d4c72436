import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { checkMemoryOwner } from './memoryOwner';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Clears one key, or every key, of the caller's agent's memory: an event naming the keys, so history stays. */
export async function clearMemory(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; key?: string }) {
  return applyOnce(store, scope, async (tx, metadata) => {
    await checkMemoryOwner(tx.trx, input.agentId, owner);
    const stream = streams.memory(input.agentId);
    const version = await tx.lock(stream);
    let held = tx.trx.withSchema(LIVE_SCHEMA).selectFrom('memory_entries').select('key').where('agent_id', '=', input.agentId);
    if (input.key !== undefined) held = held.where('key', '=', input.key);
    const keys = (await held.orderBy('key').execute()).map((r) => r.key);
    if (keys.length) {
      await tx.append(stream, [event('MemoryCleared', { agentId: input.agentId, keys, all: input.key === undefined })], { expectedVersion: version, metadata });
    }
    return { agent_id: input.agentId, cleared: keys.length, keys };
  });
}
