import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingClient } from './preparedStatements';
import type { Tables } from './tables';

// int8 comes back as a string by default; our int8 columns hold micro-USD and positions, all within 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds the safe integer range`);
  return n;
});

export type Db = Kysely<Tables>;

export interface DbOptions {
  readonly connectionString: string;
  readonly max?: number;
  readonly applicationName?: string;
  readonly onIdleError?: (error: Error) => void;
  /** Executions of a parameterised SQL text on a connection before it is prepared there (PG_PREPARE_THRESHOLD); 0: never. */
  readonly prepareThreshold?: number;
}

/** What PG_PREPARE_THRESHOLD defaults to, and what pools made without a setting (scripts, tests) use. */
export const DEFAULT_PREPARE_THRESHOLD = 3;

export function createPool(options: DbOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'toolgate',
    Client: preparingClient({ threshold: options.prepareThreshold ?? DEFAULT_PREPARE_THRESHOLD }),
  });
  // A connection the server ends (a restart, a failover, a dropped database) must not crash the process: idle, the
  // pool discards it; checked out, its query fails, and the pool discards it when it comes back (it is not queryable).
  const onError = options.onIdleError ?? ((error: Error) => console.warn(`PostgreSQL closed a connection: ${error.message}`));
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

export function dbFromPool(pool: pg.Pool): Db {
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

export function createDb(options: DbOptions): Db {
  return dbFromPool(createPool(options));
}
