import type { ColumnType, Generated } from 'kysely';
import type { BalanceRow } from '../projections/balances';
import type { CallRow } from '../projections/calls';
import type { DeliveryRow } from '../projections/deliveries';
import type { FreeTierUsageRow } from '../projections/freeTierUsage';
import type { JobRow } from '../projections/jobs';
import type { KeyRow } from '../projections/keys';
import type { RelayRow } from '../projections/relays';
import type { WebhookRow } from '../projections/webhooks';

/** Tables of the event store itself. Projection tables are described by their projection definitions. */
export interface EventsTable {
  position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  version: number;
  type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  recorded_at: Generated<Date>;
}

export interface StreamsTable {
  stream_id: string;
  version: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SubscriptionCheckpointsTable {
  subscription_id: string;
  transaction_id: string;
  position: number;
  updated_at: Generated<Date>;
}

export interface ProjectionVersionsTable {
  name: string;
  definition: string;
  rebuilt_at: Generated<Date>;
}

/** What outsiders posted to an inbound relay: operational data outside the log, deleted after RELAY_RETENTION_HOURS. */
export interface RelayInboxTable {
  event_id: Generated<number>;
  relay_id: string;
  payload: ColumnType<unknown, string, never>;
  headers: ColumnType<Record<string, string>, string, never>;
  source_ip: string;
  size_bytes: number;
  received_at: Generated<Date>;
}

/** A stored screenshot, by the SHA-256 of its PNG (schema/migrations/0010_screenshots.ts). */
export interface ScreenshotsTable {
  id: string;
  png: Buffer;
  page_url: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export interface Tables {
  events: EventsTable;
  streams: StreamsTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  projection_versions: ProjectionVersionsTable;
  // Projection tables, reached with withSchema(LIVE_SCHEMA).
  balances: BalanceRow;
  api_keys: KeyRow;
  free_tier_usage: FreeTierUsageRow;
  calls: CallRow;
  webhooks: WebhookRow;
  deliveries: DeliveryRow;
  jobs: JobRow;
  relays: RelayRow;
  relay_inbox: RelayInboxTable;
  screenshots: ScreenshotsTable;
}
