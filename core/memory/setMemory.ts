import type { Owner } from '../../schema/agentNetwork';
import { MEMORY_LIMITS } from '../../schema/memory/memoryLimits';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { checkMemoryOwner } from './memoryOwner';
import { invalidInput } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface MemoryWrite {
  readonly agentId: string;
  readonly key: string;
  readonly value: unknown;
  readonly tags?: readonly string[];
  /** When it expires: a time, or seconds from `now`. */
  readonly expiresAt?: string;
  readonly ttlSeconds?: number;
  readonly now: Date;
}

/** Stores a JSON value under a key of the caller's agent, within the size and key-count limits. */
export async function setMemory(store: EventStore, scope: CallScope, owner: Owner, input: MemoryWrite) {
  const text = JSON.stringify(input.value);
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  if (sizeBytes > MEMORY_LIMITS.valueBytes) {
    throw invalidInput(
      `the value is ${sizeBytes} bytes of JSON; a memory value holds at most ${MEMORY_LIMITS.valueBytes}`,
      'Store less, or split it over several keys.',
    );
  }
  const expiresAt = expiryOf(input);
  const tags = [...new Set(input.tags ?? [])];
  return applyOnce(store, scope, async (tx, metadata) => {
    await checkMemoryOwner(tx.trx, input.agentId, owner);
    const stream = streams.memory(input.agentId);
    const version = await tx.lock(stream);
    const entries = tx.trx.withSchema(LIVE_SCHEMA).selectFrom('memory_entries').where('agent_id', '=', input.agentId);
    const existing = await entries.select('version').where('key', '=', input.key).executeTakeFirst();
    if (!existing) {
      const { count } = await entries.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      if (Number(count) >= MEMORY_LIMITS.keysPerAgent) {
        throw invalidInput(
          `agent ${input.agentId} holds ${MEMORY_LIMITS.keysPerAgent} keys, the most an agent may`,
          'Clear keys it no longer needs (POST /memory/clear).',
        );
      }
    }
    const data = {
      agentId: input.agentId,
      key: input.key,
      value: input.value,
      sizeBytes,
      ...(tags.length ? { tags } : {}),
      ...(expiresAt ? { expiresAt } : {}),
    };
    await tx.append(stream, [event('MemorySet', data)], {
      expectedVersion: version,
      metadata,
    });
    return {
      agent_id: input.agentId,
      key: input.key,
      version: (existing?.version ?? 0) + 1,
      size_bytes: sizeBytes,
      created: !existing,
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    };
  });
}

/** The entry's expiry as an ISO time, or null for none; one in the past, or both ways of giving it, is the caller's mistake. */
function expiryOf(input: MemoryWrite): string | null {
  if (input.expiresAt !== undefined && input.ttlSeconds !== undefined) {
    throw invalidInput('expires_at and ttl_seconds both say when the entry expires', 'Send one of them.');
  }
  const at = input.ttlSeconds !== undefined ? new Date(input.now.getTime() + input.ttlSeconds * 1000) : input.expiresAt ? new Date(input.expiresAt) : null;
  if (at && at.getTime() <= input.now.getTime()) {
    throw invalidInput(`expires_at ${at.toISOString()} has passed already`, 'Give a time in the future, or ttl_seconds.');
  }
  return at ? at.toISOString() : null;
}
