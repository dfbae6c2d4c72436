import { sql } from 'kysely';
import { bodyHash } from '../../core/audit/eventHash';
import { grantCredit } from '../../core/accounts/grantCredit';
import { createDb } from '../../core/db/createDb';
import { dropBenchDatabase, freshMigratedDatabase } from './arrangement';
import { createEventStore } from '../../core/eventStore';
import { systemClock } from '../../core/clock/clock';
import { inlineProjections, LIVE_SCHEMA } from '../../core/projections';
import { loadConfig } from '../../core/config/loadConfig';
import { micros } from '../../schema/money';
import type { Say } from '../../scripts/services/processes';
import { reserveAndSettle } from './ledgerRound';

/**
 * What the tamper-evident log costs a paid call (docs/audit.md): the appender's body hashes in Node (canonical JSON and
 * SHA-256 of each event's data and metadata) and the events table's trigger in PostgreSQL (each event's leaf hash),
 * for the events one paid call appends (reserve + settle, as the workflow does). Node's part is CPU time from
 * process.cpuUsage over many repetitions of those very events; PostgreSQL's is the difference between inserting the
 * same rows into two copies of the events table, one with the trigger and one without (one backend, CPU-bound). The
 * tree and checkpoints are off the paid path (the schedule), so they are not counted here.
 */
export async function benchLogHash(options: { databaseUrl: string; calls: number; rows: number; rounds: number; say: Say }) {
  const name = `toolgate_bench_log_hash_${process.pid}`;
  // A migrated database of the bench's own (test/bench/arrangement.ts), dropped at the end.
  const db = createDb({ connectionString: await freshMigratedDatabase(options.databaseUrl, name), max: 4 });
  try {
    const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
    const billing = { store, config: loadConfig(), clock: systemClock };
    const accountId = `bench-log-hash-${Date.now().toString(36)}`;
    await grantCredit(store, { accountId, amount: micros(1_000_000_000), reason: 'topup', reference: `bench-${accountId}`, actor: 'bench' });
    const first = Number((await sql<{ p: number }>`select coalesce(max(position), 0) as p from events`.execute(db)).rows[0]!.p);
    for (let i = 0; i < options.calls; i++) {
      const refused = await reserveAndSettle(billing, `log-hash-${i}`, { kind: 'key', id: accountId });
      if (refused) throw new Error(`refused: ${refused}`);
    }
    const events = await db.selectFrom('events').select(['data', 'metadata']).where('position', '>', first).execute();
    const eventsPerCall = events.length / options.calls;

    // Node: the body hash of every event of those calls, repeated.
    const repeat = 200;
    bodyHash(events[0]!.data, events[0]!.metadata);
    const cpu = process.cpuUsage();
    for (let r = 0; r < repeat; r++) for (const e of events) bodyHash(e.data, e.metadata);
    const used = process.cpuUsage(cpu);
    const nodeUsPerEvent = (used.user + used.system) / (repeat * events.length);

    // PostgreSQL: the same rows into a copy of the events table with the leaf-hash trigger and into one without.
    await sql`create table bench_with (like events including all); create table bench_without (like events including all);
      create trigger bench_leaf_hash before insert on bench_with for each row execute function events_leaf_hash()`.execute(db);
    const insert = async (table: 'bench_with' | 'bench_without', round: number) => {
      const started = process.hrtime.bigint();
      await sql`insert into ${sql.table(table)} (stream_id, version, type, data, metadata, body_hash)
        select e.stream_id || '-' || ${round} || '-' || g, e.version, e.type, e.data, e.metadata, e.body_hash
        from events e, generate_series(1, ${Math.ceil(options.rows / events.length)}) g where e.position > ${first}`.execute(db);
      return Number(process.hrtime.bigint() - started) / 1000;
    };
    const rowsPerInsert = Math.ceil(options.rows / events.length) * events.length;
    await insert('bench_with', -1);
    await insert('bench_without', -1);
    const differences: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const without = await insert('bench_without', round);
      const withTrigger = await insert('bench_with', round);
      differences.push((withTrigger - without) / rowsPerInsert);
      options.say(`round ${round + 1}: ${(withTrigger / rowsPerInsert).toFixed(2)} µs a row with the trigger, ${(without / rowsPerInsert).toFixed(2)} without`);
    }
    differences.sort((a, b) => a - b);
    const pgUsPerEvent = Math.max(0, differences[Math.floor(differences.length / 2)]!);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return {
      what: "the tamper-evident log's hash work per paid call: Node's body hashes + PostgreSQL's leaf-hash trigger (median)",
      eventsPerCall: round2(eventsPerCall),
      nodeUsPerEvent: round2(nodeUsPerEvent),
      postgresUsPerEvent: round2(pgUsPerEvent),
      nodeUsPerCall: round2(nodeUsPerEvent * eventsPerCall),
      postgresUsPerCall: round2(pgUsPerEvent * eventsPerCall),
      totalUsPerCall: round2((nodeUsPerEvent + pgUsPerEvent) * eventsPerCall),
      targetUsPerCall: 300,
    };
  } finally {
    await db.destroy();
    await dropBenchDatabase(options.databaseUrl, name);
  }
}
