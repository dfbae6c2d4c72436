import { type Selectable, sql, type Transaction } from 'kysely';
import type { DomainEvent } from '../../schema/events';
import type { EventsTable, Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import { type AppendOptions, type AppendResult, StreamVersionConflict } from './types';

/** Where subscribers are woken: the events table's trigger (migration 0100) notifies on it with every insert. */
export const EVENTS_CHANNEL = 'events';

/**
 * Appends within the caller's transaction, in one statement: the stream row is locked and bumped (so appends to one
 * stream are serialized and take increasing positions), then the events are inserted with the versions that follow
 * (and the table's trigger queues the notification PostgreSQL delivers at commit). When the expected version does not hold, the bump
 * matches no row, nothing is inserted, and the conflict is reported.
 */
export async function appendToStream(
  trx: Transaction<Tables>,
  streamId: string,
  events: readonly DomainEvent[],
  options: AppendOptions = {},
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('appendToStream needs at least one event');
  const expected = options.expectedVersion ?? 'any';
  const count = events.length;
  const batch = JSON.stringify(events.map((e) => ({ type: e.type, data: e.data })));

  const inserted = await sql<Selectable<EventsTable>>`
    with bumped as (
      insert into streams as s (stream_id, version) values (${streamId}, ${count})
      on conflict (stream_id) do update set version = s.version + ${count}, updated_at = now()
        where ${expected === 'any'} or s.version = ${typeof expected === 'number' ? expected : 0}
      returning s.version
    )
    insert into events (stream_id, version, type, data, metadata)
    select ${streamId}, bumped.version - ${count} + e.ordinal::integer, e.event->>'type', e.event->'data', ${JSON.stringify(options.metadata ?? {})}::jsonb
    from bumped, jsonb_array_elements(${batch}::jsonb) with ordinality as e(event, ordinal)
    returning *`.execute(trx);

  const stored = inserted.rows.map(rowToEvent).sort((a, b) => a.version - b.version);
  const firstVersion = stored[0]?.version;
  // A new stream takes the insert path whatever was expected: a version other than the one expected is a conflict too.
  const conflicts =
    firstVersion === undefined || (expected === 'no_stream' && firstVersion !== 1) || (typeof expected === 'number' && firstVersion !== expected + 1);
  if (conflicts) {
    const actual = await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst();
    throw new StreamVersionConflict(streamId, expected, actual?.version ?? 0);
  }
  const lastPosition = Math.max(...stored.map((e) => e.position));
  return { nextVersion: stored[stored.length - 1]!.version, lastPosition, events: stored };
}
