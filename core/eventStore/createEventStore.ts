import type { Transaction } from 'kysely';
import type { DomainEvent } from '../../schema/events';
import type { Db } from '../db/createDb';
import type { Tables } from '../db/tables';
import { countCommittedEvents } from '../metrics/eventMetrics';
import { applyToTables, type RowCache, rowCacheKey } from '../projections/applyToTable';
import type { AnyProjection, Row } from '../projections/types';
import { appendToStreams, type StreamAppend } from './appendToStreams';
import { lockStream } from './lockStream';
import { readAllAfter } from './readAllAfter';
import { readStream } from './readStream';
import type { AppendOptions, AppendResult, Checkpoint, StoredEvent } from './types';

export interface EventStoreTransaction {
  readonly trx: Transaction<Tables>;
  /** Locks the stream until commit and returns its version (0 when new). */
  lock(streamId: string): Promise<number>;
  append(streamId: string, events: readonly DomainEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Appends to several streams in one statement (see appendToStreams); their results in the order given. */
  appendToEach(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /**
   * A row of an inline projection this transaction has read with `for update` (as the projection itself would):
   * the projection evolves it from here instead of reading it again. One statement fewer on a hot path.
   */
  holds(projection: AnyProjection, row: Row): void;
}

export interface EventStore {
  readonly db: Db;
  transaction<T>(work: (tx: EventStoreTransaction) => Promise<T>): Promise<T>;
  append(streamId: string, events: readonly DomainEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  readAllAfter(checkpoint: Checkpoint, limit?: number): Promise<StoredEvent[]>;
}

/** The event store with its inline projections, which are updated in every append transaction. */
export function createEventStore(db: Db, inlineProjections: readonly AnyProjection[], projectionSchema: string): EventStore {
  /**
   * Appends in one transaction; the events table's trigger wakes subscribers once, at commit. What it appended is
   * counted once committed (core/metrics/eventMetrics.ts): a rolled-back transaction counts nothing.
   */
  const inTransaction = async <T>(work: (tx: EventStoreTransaction) => Promise<T>) => {
    const appended: StoredEvent[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const rows: RowCache = new Map();
      const tx: EventStoreTransaction = {
        trx,
        lock: (streamId) => lockStream(trx, streamId),
        async append(streamId, events, options) {
          const [result] = await tx.appendToEach([{ streamId, events, ...(options ? { options } : {}) }]);
          return result!;
        },
        async appendToEach(appends) {
          const results = await appendToStreams(trx, appends);
          // Streams in the order given are the order of insertion: concatenated, their events are in position order.
          const stored = results.flatMap((r) => r.events);
          // Every inline projection's rows read (locked) as needed, and all their writes in one statement.
          await applyToTables(trx, projectionSchema, inlineProjections, stored, rows);
          appended.push(...stored);
          return results;
        },
        holds: (projection, row) => rows.set(rowCacheKey(projection, row), row),
      };
      return work(tx);
    });
    countCommittedEvents(appended);
    return result;
  };

  return {
    db,
    transaction: inTransaction,
    append: (streamId, events, options) => inTransaction((tx) => tx.append(streamId, events, options)),
    readStream: (streamId, fromVersion) => readStream(db, streamId, fromVersion),
    readAllAfter: (checkpoint, limit) => readAllAfter(db, checkpoint, limit),
  };
}
