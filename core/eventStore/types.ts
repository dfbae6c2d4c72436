import type { DomainEvent, EventMetadata, EventType } from '../../schema/events';

interface Recorded<E extends DomainEvent> {
  readonly position: number;
  readonly transactionId: string;
  readonly streamId: string;
  readonly version: number;
  readonly type: E['type'];
  readonly data: E['data'];
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

/** An event as recorded; distributes over the union so `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? Recorded<E> : never;

export type StoredEventOf<K extends EventType> = StoredEvent<Extract<DomainEvent, { type: K }>>;

/** A number is the exact version the stream must be at; 'no_stream' means it must not exist yet. */
export type ExpectedVersion = number | 'any' | 'no_stream';

export interface AppendOptions {
  readonly expectedVersion?: ExpectedVersion;
  readonly metadata?: EventMetadata;
}

export interface AppendResult {
  readonly nextVersion: number;
  readonly lastPosition: number;
  readonly events: readonly StoredEvent[];
}

/** Where a reader of the whole log has got to: ordered by transaction, then position. */
export interface Checkpoint {
  readonly transactionId: string;
  readonly position: number;
}

export const START: Checkpoint = { transactionId: '0', position: 0 };

export class StreamVersionConflict extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'StreamVersionConflict';
  }
}
