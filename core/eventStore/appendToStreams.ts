import { type Selectable, sql, type Transaction } from 'kysely';
import type { DomainEvent } from '../../schema/events';
import { canonicalJson } from '../audit/canonicalJson';
import { bodyHashOfCanonical } from '../audit/eventHash';
import type { EventsTable, Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import { type AppendOptions, type AppendResult, StreamVersionConflict } from './types';

/** Where subscribers are woken: the events table's trigger (migration 0100) notifies on it with every insert. */
export const EVENTS_CHANNEL = 'events';

/** One stream's part of an append: its events and what its version must be. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly DomainEvent[];
  readonly options?: AppendOptions;
}

/**
 * Appends to several streams within the caller's transaction, in ONE statement whatever their number (a charge writes
 * its call's stream and its account's together: one round trip, while the account is locked, instead of two). Each
 * stream row is locked and bumped in the order given (so appends to one stream are serialized and take increasing
 * positions), then the events are inserted with the versions that follow, stream by stream in that order (the table's
 * trigger queues the notification PostgreSQL delivers at commit). A stream whose expected version does not hold is not
 * bumped and gets no events, and the conflict is reported; the caller's transaction then rolls back what the others got.
 * The results come in the order given, each with its events in position order.
 */
export async function appendToStreams(trx: Transaction<Tables>, appends: readonly StreamAppend[]): Promise<AppendResult[]> {
  if (appends.length === 0 || appends.some((a) => a.events.length === 0)) throw new Error('an append needs at least one event per stream');
  if (new Set(appends.map((a) => a.streamId)).size < appends.length) throw new Error('an append names each stream once');
  const parts = appends.map(({ streamId, events, options = {} }) => {
    const metadata = options.metadata ?? {};
    const metadataJson = canonicalJson(metadata);
    return {
      stream: streamId,
      count: events.length,
      // null: any version; 0: the stream must not have events yet ('no_stream').
      expected:
        options.expectedVersion === undefined || options.expectedVersion === 'any'
          ? null
          : options.expectedVersion === 'no_stream'
            ? 0
            : options.expectedVersion,
      metadata,
      // Each event's body hash (docs/audit.md): the table's trigger binds it with its position and time into its leaf hash.
      events: events.map((e) => ({ type: e.type, data: e.data, body: bodyHashOfCanonical(canonicalJson(e.data), metadataJson) })),
    };
  });

  const inserted = await sql<Selectable<EventsTable>>`
    with parts as (
      select p->>'stream' as stream_id, (p->>'count')::integer as count, (p->>'expected')::integer as expected,
             p->'metadata' as metadata, p->'events' as events, n
      from jsonb_array_elements(${JSON.stringify(parts)}::jsonb) with ordinality as x(p, n)
    ), bumped as (
      insert into streams as s (stream_id, version)
      select stream_id, count from parts order by n
      on conflict (stream_id) do update set version = s.version + excluded.version, updated_at = now()
        where exists (select 1 from parts where parts.stream_id = s.stream_id and (parts.expected is null or s.version = parts.expected))
      returning s.stream_id, s.version
    )
    insert into events (stream_id, version, type, data, metadata, body_hash)
    select parts.stream_id, bumped.version - parts.count + e.ordinal::integer, e.event->>'type', e.event->'data', parts.metadata,
           decode(e.event->>'body', 'hex')
    from parts join bumped on bumped.stream_id = parts.stream_id, jsonb_array_elements(parts.events) with ordinality as e(event, ordinal)
    order by parts.n, e.ordinal
    returning *`.execute(trx);

  const stored = inserted.rows.map(rowToEvent).sort((a, b) => a.position - b.position);
  const results: AppendResult[] = [];
  for (const [i, { stream, expected }] of parts.entries()) {
    const own = stored.filter((e) => e.streamId === stream);
    const firstVersion = own[0]?.version;
    // A new stream takes the insert path whatever was expected: a version other than the one expected is a conflict too.
    if (firstVersion === undefined || (expected !== null && firstVersion !== expected + 1)) {
      const actual = await trx.selectFrom('streams').select('version').where('stream_id', '=', stream).executeTakeFirst();
      throw new StreamVersionConflict(stream, appends[i]!.options?.expectedVersion ?? 'any', actual?.version ?? 0);
    }
    results.push({ nextVersion: own[own.length - 1]!.version, lastPosition: own[own.length - 1]!.position, events: own });
  }
  return results;
}
