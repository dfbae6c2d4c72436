import type { CoreFeature } from '../features';
import { ensureRelayPurgeSchedule } from './relayPurgeSchedule';
import { relays, type RelayRow } from './relaysProjection';
import type { RelayInboxTable } from './relayInboxTable';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    relays: RelayRow;
    relay_inbox: RelayInboxTable;
  }
}

/** Inbound relays (what they received: relay_inbox). */
export const feature: CoreFeature = { projections: [relays], schedules: ensureRelayPurgeSchedule };
