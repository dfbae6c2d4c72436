import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface RelayEventView {
  readonly id: number;
  readonly received_at: string;
  readonly payload: unknown;
  readonly headers: Record<string, string>;
  readonly source_ip: string;
  readonly size_bytes: number;
}

/** The relay's stored events, newest first; null unless the account owns the relay (a stranger learns nothing). */
export async function listRelayEvents(
  db: Kysely<Tables>,
  request: { relayId: string; accountId: string; limit: number },
): Promise<{ createdAt: Date; events: RelayEventView[] } | null> {
  const relay = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('relays')
    .select(['account_id', 'created_at'])
    .where('relay_id', '=', request.relayId)
    .executeTakeFirst();
  if (relay?.account_id !== request.accountId) return null;
  const rows = await db
    .selectFrom('relay_inbox')
    .selectAll()
    .where('relay_id', '=', request.relayId)
    .orderBy('received_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(request.limit)
    .execute();
  return {
    createdAt: relay.created_at,
    events: rows.map((r) => ({
      id: r.event_id,
      received_at: r.received_at.toISOString(),
      payload: r.payload,
      headers: r.headers,
      source_ip: r.source_ip,
      size_bytes: r.size_bytes,
    })),
  };
}
