import type { ColumnType, Generated } from 'kysely';

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
