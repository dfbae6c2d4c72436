import { type Kysely, sql } from 'kysely';

// Projection tables are named at run time, so these helpers work on an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
import type { AnyProjection, ColumnType, Row } from './types';

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'text',
  bigint: 'bigint',
  integer: 'integer',
  boolean: 'boolean',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

/** Creates a projection's table in a schema: the live `projections` schema or a fresh replay schema. */
export async function createProjectionTable(db: AnyDb, schema: string, projection: AnyProjection): Promise<void> {
  const columns = Object.entries(projection.columns).map(
    ([name, type]) => sql`${sql.id(name)} ${sql.raw(SQL_TYPES[type as ColumnType])}${projection.key.includes(name) ? sql` not null` : sql``}`,
  );
  const key = sql.join(projection.key.map((k) => sql.id(k)));
  await sql`create table if not exists ${sql.id(schema, projection.table)} (${sql.join(columns)}, primary key (${key}))`.execute(db);
  for (const index of projection.indexes ?? []) {
    const name = `${projection.table}_${index.join('_')}`;
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(schema, projection.table)} (${sql.join(index.map((c) => sql.id(c)))})`.execute(db);
  }
}

export async function dropProjectionTable(db: AnyDb, schema: string, projection: AnyProjection): Promise<void> {
  await sql`drop table if exists ${sql.id(schema, projection.table)}`.execute(db);
}

/** A value as PostgreSQL should receive it for its column type. */
export function toSqlValue(type: ColumnType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return type === 'jsonb' ? JSON.stringify(value) : value;
}

export function rowKey(projection: AnyProjection, row: Partial<Row>): string {
  return JSON.stringify(projection.key.map((k) => row[k]));
}

/** The projection's definition as text; a change means the table must be rebuilt. */
export function projectionDefinition(projection: AnyProjection): string {
  return JSON.stringify({ v: projection.version, t: projection.table, c: projection.columns, k: projection.key, i: projection.indexes ?? [] });
}
