/**
 * Inbound relays on `relay-<relayId>` streams. What outsiders post is kept out of the log (it is stored 7 days in
 * the relay_inbox table, then deleted); the log records who owns each relay and every purge, on `relaypurge-<day>`.
 */
export interface RelayEvents {
  RelayCreated: { relayId: string; accountId: string };
  RelayEventsPurged: { receivedBefore: string; count: number; retentionHours: number };
}
