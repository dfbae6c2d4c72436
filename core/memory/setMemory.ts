import { LIMITS, type Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { invalidInput } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Stores a JSON value under a key of the caller's agent, within the size and key-count limits. */
export async function setMemory(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; key: string; value: unknown }) {
  const text = JSON.stringify(input.value);
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  if (sizeBytes > LIMITS.memoryValueBytes) {
    throw invalidInput(
      `the value is ${sizeBytes} bytes of JSON; a memory value holds at most ${LIMITS.memoryValueBytes}`,
      'Store less, or split it over several keys.',
    );
  }
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const stream = streams.memory(input.agentId);
    const version = await tx.lock(stream);
    const entries = tx.trx.withSchema(LIVE_SCHEMA).selectFrom('memory_entries').where('agent_id', '=', input.agentId);
    const existing = await entries.select('version').where('key', '=', input.key).executeTakeFirst();
    if (!existing) {
      const { count } = await entries.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      if (Number(count) >= LIMITS.memoryKeysPerAgent) {
        throw invalidInput(
          `agent ${input.agentId} holds ${LIMITS.memoryKeysPerAgent} keys, the most an agent may`,
          'Clear keys it no longer needs (POST /memory/clear).',
        );
      }
    }
    await tx.append(stream, [event('MemorySet', { agentId: input.agentId, key: input.key, value: input.value, sizeBytes })], {
      expectedVersion: version,
      metadata,
    });
    return { agent_id: input.agentId, key: input.key, version: (existing?.version ?? 0) + 1, size_bytes: sizeBytes, created: !existing };
  });
}
