import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface ReceivedRelayEvent {
  readonly relayId: string;
  readonly payload: unknown;
  readonly headers: Record<string, string>;
  readonly sourceIp: string;
  readonly sizeBytes: number;
}

/** Keeps what an outsider posted to a relay; null when no relay has that id. */
export async function receiveRelayEvent(db: Kysely<Tables>, received: ReceivedRelayEvent): Promise<{ eventId: number; receivedAt: Date } | null> {
  const relay = await db.withSchema(LIVE_SCHEMA).selectFrom('relays').select('relay_id').where('relay_id', '=', received.relayId).executeTakeFirst();
  if (!relay) return null;
  const row = await db
    .insertInto('relay_inbox')
    .values({
      relay_id: received.relayId,
      payload: JSON.stringify(received.payload),
      headers: JSON.stringify(received.headers),
      source_ip: received.sourceIp,
      size_bytes: received.sizeBytes,
    })
    .returning(['event_id', 'received_at'])
    .executeTakeFirstOrThrow();
  return { eventId: row.event_id, receivedAt: row.received_at };
}
