import type { CoreFeature } from '../features';
import * as relayInbox from './migrations/0003_relay_inbox';
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
export const feature: CoreFeature = { migrations: { '0003_relay_inbox': relayInbox }, projections: [relays], schedules: ensureRelayPurgeSchedule };
