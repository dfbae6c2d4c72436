import { sql, type Transaction } from 'kysely';
import type { DomainEvent } from '../../schema/events';
import type { Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import { type AppendOptions, type AppendResult, StreamVersionConflict } from './types';

export const EVENTS_CHANNEL = 'events';

/**
 * Appends within the caller's transaction: the stream row is locked and bumped first (so appends to one stream
 * are serialized and take increasing positions), then the events are inserted and a notification is queued
 * that PostgreSQL delivers at commit.
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

  const bumped = await sql<{ version: number }>`
    insert into streams as s (stream_id, version) values (${streamId}, ${count})
    on conflict (stream_id) do update set version = s.version + ${count}, updated_at = now()
      where ${expected === 'any'} or s.version = ${typeof expected === 'number' ? expected : 0}
    returning s.version`.execute(trx);

  const nextVersion = bumped.rows[0]?.version;
  const firstVersion = nextVersion === undefined ? undefined : nextVersion - count + 1;
  const conflicts =
    nextVersion === undefined || (expected === 'no_stream' && firstVersion !== 1) || (typeof expected === 'number' && firstVersion !== expected + 1);
  if (conflicts) {
    const actual = await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst();
    throw new StreamVersionConflict(streamId, expected, actual?.version ?? 0);
  }

  const metadata = JSON.stringify(options.metadata ?? {});
  const rows = await trx
    .insertInto('events')
    .values(
      events.map((e, i) => ({
        stream_id: streamId,
        version: (firstVersion as number) + i,
        type: e.type,
        data: JSON.stringify(e.data),
        metadata,
      })),
    )
    .returningAll()
    .execute();

  const stored = rows.map(rowToEvent);
  const lastPosition = stored[stored.length - 1]!.position;
  if (options.notify !== false) await notifyAppended(trx, lastPosition);
  return { nextVersion: nextVersion as number, lastPosition, events: stored };
}

/** Wakes subscribers when the transaction commits (PostgreSQL holds notifications until then). */
export async function notifyAppended(trx: Transaction<Tables>, lastPosition: number): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(lastPosition)})`.execute(trx);
}
