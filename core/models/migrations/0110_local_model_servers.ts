import { type Kysely, sql } from 'kysely';

/**
 * The models each host's workers found on local OpenAI-compatible servers (LOCAL_MODEL_PROBE), replaced at every probe:
 * how the API, which never probes, learns what the workers can serve. A row per host, since loopback is per host.
 * Runtime state, not a fact of the business: no events, nothing to replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table local_model_servers (
      host text primary key,
      models jsonb not null,
      probed_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists local_model_servers`.execute(db);
}
