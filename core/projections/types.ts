import type { EventType } from '../../schema/events';
import type { StoredEvent } from '../eventStore/types';

export type ColumnType = 'text' | 'bigint' | 'integer' | 'boolean' | 'timestamptz' | 'jsonb';

export type Row = Record<string, unknown>;

/**
 * A read model: a pure evolve function over events plus the table it fills.
 * Inline projections run in the append transaction (they guard invariants such as balances);
 * async ones are filled by the subscriber. Rows of an inline projection must each come from one stream,
 * so that per-stream order, which replay also follows, fully decides them.
 */
export interface Projection<R extends object = Row> {
  readonly name: string;
  /** Bump when evolve or columns change: the table is rebuilt from the log at the next start. */
  readonly version: number;
  readonly mode: 'inline' | 'async';
  readonly table: string;
  readonly columns: { readonly [C in keyof R & string]: ColumnType };
  readonly key: readonly (keyof R & string)[];
  readonly indexes?: readonly (readonly (keyof R & string)[])[];
  readonly handles: readonly EventType[];
  /** The rows an event touches, as key column values. */
  keysOf(event: StoredEvent): Partial<R>[];
  initial(key: Partial<R>, event: StoredEvent): R;
  /** The next row, or null to remove it. */
  evolve(row: R, event: StoredEvent): R | null;
}

export type AnyProjection = Projection<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
