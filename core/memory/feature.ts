import type { CoreFeature } from '../features';
import { memoryEntries, type MemoryEntryRow } from './memoryEntriesProjection';
import { memorySearchable } from './memorySearchText';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    memory_entries: MemoryEntryRow;
  }
}

/** Each network agent’s memory. */
export const feature: CoreFeature = { projections: [memoryEntries], searchable: [memorySearchable] };
