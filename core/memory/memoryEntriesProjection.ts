import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface MemoryEntryRow {
  agent_id: string;
  key: string;
  value: unknown;
  size_bytes: number;
  /** How many times the key was written since it was last cleared. */
  version: number;
  /** Labels to filter searches by. */
  tags: string[];
  /** After this the entry is hidden from reads and searches unless asked for (include_expired). */
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type MemoryEvent = StoredEventOf<'MemorySet' | 'MemoryCleared'>;

/** Each agent's memory now. Inline: a read right after a write sees it, and the key limit is checked against it. */
export const memoryEntries: Projection<MemoryEntryRow> = {
  name: 'memoryEntries',
  version: 2,
  mode: 'inline',
  table: 'memory_entries',
  columns: {
    agent_id: 'text',
    key: 'text',
    value: 'jsonb',
    size_bytes: 'integer',
    version: 'integer',
    tags: 'jsonb',
    expires_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  key: ['agent_id', 'key'],
  handles: ['MemorySet', 'MemoryCleared'],
  keysOf(stored) {
    const event = stored as MemoryEvent;
    if (event.type === 'MemorySet') return [{ agent_id: event.data.agentId, key: event.data.key }];
    return event.data.keys.map((key) => ({ agent_id: event.data.agentId, key }));
  },
  initial: (key, event) => ({
    agent_id: key.agent_id as string,
    key: key.key as string,
    value: null,
    size_bytes: 0,
    version: 0,
    tags: [],
    expires_at: null,
    created_at: event.recordedAt,
    updated_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as MemoryEvent;
    if (event.type === 'MemoryCleared') return null;
    return {
      ...row,
      value: event.data.value,
      size_bytes: event.data.sizeBytes,
      version: row.version + 1,
      tags: event.data.tags ?? [],
      expires_at: event.data.expiresAt ? new Date(event.data.expiresAt) : null,
      updated_at: event.recordedAt,
    };
  },
};
