import { type Kysely, sql } from 'kysely';

/**
 * The circuits each worker process opened on failing model providers (activities/providers/circuitBreaker.ts): how the
 * API, which never calls a provider, learns that a configured one is failing, for /status and the tool listings. A row
 * per worker and circuit, written when the circuit opens or closes; an opening is over at `open_until` whatever
 * becomes of its worker. Runtime state, not a fact of the business: no events, nothing to replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table provider_circuits (
      worker text not null,
      circuit text not null,
      open_until timestamptz,
      failures integer not null default 0,
      reason text not null default '',
      updated_at timestamptz not null default now(),
      primary key (worker, circuit)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists provider_circuits`.execute(db);
}
