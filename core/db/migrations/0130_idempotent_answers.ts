import { type Kysely, sql } from 'kysely';

/**
 * The first answer to each idempotency key a caller sent (X-Request-Id or Idempotency-Key), so a repeat of the same
 * request gets it back byte for byte (api/idempotency/). A plain table, not events: it is a cache of answers, not a
 * fact anyone audits — the money and state the first request moved are events already, replay needs none of it,
 * and it is deleted after the window (events never are). Logged, not unlogged: a crash that emptied it would let
 * a retried operator top-up credit twice.
 *
 * Keyed by (scope, key_digest): the scope is who sent the key (`key:<account>`, `wallet:<address>`, `operator`,
 * `x402:<payment digest>`, `ip:<address>`), so one caller's key never finds another's answer; the key itself is not
 * stored (only a digest), because the answer is encrypted under it — a copy of the table cannot read the secrets
 * some first answers hold (a new key, a session token, a webhook's secret).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotent_answers (
      scope text not null,
      key_digest text not null,
      fingerprint text not null,
      state text not null check (state in ('running', 'kept', 'unkept')),
      claim uuid not null,
      status smallint,
      answer bytea,
      unkept_reason text,
      created_at timestamptz not null default now(),
      primary key (scope, key_digest)
    );
    create index idempotent_answers_created_at on idempotent_answers (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists idempotent_answers`.execute(db);
}
