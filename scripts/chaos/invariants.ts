import { execFile } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../core/db/createDb';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import type { CallbackReceiver } from '../../test/support/callbackReceiver';
import { projectRoot } from '../services/paths';
import { pause, send, type TrackedRequest } from './load';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const check = (name: string, problems: readonly string[], detail: string): Check => ({
  name,
  ok: problems.length === 0,
  detail: problems.length === 0 ? detail : `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}`,
});

/** Every reservation (ChargeReserved) was settled or refunded exactly once, and nothing else was. */
export async function reservationsClosedOnce(db: Db): Promise<Check> {
  const { rows } = await sql<{ call_id: string; reserved: number; settled: number; refunded: number }>`
    select data->>'callId' as call_id,
      count(*) filter (where type = 'ChargeReserved')::int as reserved,
      count(*) filter (where type = 'ChargeSettled')::int as settled,
      count(*) filter (where type = 'ChargeRefunded')::int as refunded
    from events where type in ('ChargeReserved', 'ChargeSettled', 'ChargeRefunded') group by 1`.execute(db);
  const bad = rows.filter((r) => r.reserved !== 1 || r.settled + r.refunded !== 1).map((r) => `${r.call_id} ${r.reserved}/${r.settled}/${r.refunded}`);
  const settled = rows.filter((r) => r.settled === 1).length;
  return check('every reservation settled or refunded exactly once', bad, `${rows.length} reservations: ${settled} settled, ${rows.length - settled} refunded`);
}

/** No call stream holds two starts or two endings: nothing ran (or was charged) twice. */
export async function noCallTwice(db: Db): Promise<Check> {
  const { rows } = await sql<{ stream_id: string; started: number; ended: number }>`
    select stream_id,
      count(*) filter (where type = 'ToolCallStarted')::int as started,
      count(*) filter (where type in ('ToolCallCompleted', 'ToolCallFailed'))::int as ended
    from events where stream_id like 'call-%' group by 1`.execute(db);
  const bad = rows.filter((r) => r.started > 1 || r.ended > 1 || r.started !== r.ended).map((r) => `${r.stream_id} started ${r.started}, ended ${r.ended}`);
  return check('no call ran twice', bad, `${rows.length} calls, each started and ended once`);
}

/** Balances add up and nothing is left held: available + reserved + spent = credited, reserved = 0. */
export async function ledgerAddsUp(db: Db): Promise<Check> {
  const rows = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').selectAll().execute();
  const bad = rows
    .filter(
      (r) => Number(r.reserved_micros) !== 0 || Number(r.available_micros) + Number(r.reserved_micros) + Number(r.spent_micros) !== Number(r.credited_micros),
    )
    .map((r) => `${r.account_id}: available ${r.available_micros}, reserved ${r.reserved_micros}, spent ${r.spent_micros}, credited ${r.credited_micros}`);
  const spent = rows.reduce((sum, r) => sum + Number(r.spent_micros), 0);
  return check('balances add up, nothing left reserved', bad, `${rows.length} accounts, ${spent / 1e6} USD spent`);
}

/** Every job ended (completed or failed) and its callback reached the receiver. */
export async function jobsFinishedWithCallback(db: Db, receiver: CallbackReceiver): Promise<Check> {
  const { rows } = await sql<{ job_id: string; ended: number }>`
    select data->>'jobId' as job_id, count(*) filter (where type in ('JobCompleted', 'JobFailed'))::int as ended
    from events where stream_id like 'job-%' group by 1`.execute(db);
  const problems: string[] = [];
  for (const row of rows) {
    if (row.ended !== 1) problems.push(`${row.job_id} ended ${row.ended} times`);
    else if (receiver.callsWith('x-webhook-delivery', `job-${row.job_id}`).length === 0) problems.push(`${row.job_id}: no callback`);
  }
  const failures = await sql<{ n: number }>`select count(*)::int as n from events where type = 'JobFailed'`.execute(db);
  const failed = failures.rows[0]?.n ?? 0;
  return check('every job completed or failed, with its callback sent', problems, `${rows.length} jobs (${failed} failed), ${rows.length} callbacks received`);
}

/** Every delivery a test event announced reached the receiver. */
export function deliveriesArrived(requests: readonly TrackedRequest[], receiver: CallbackReceiver): Check {
  const ids = requests.flatMap((r) =>
    (r.kind === 'test-event' && r.answer ? (r.answer.deliveries as { delivery_id: string }[]) : []).map((d) => d.delivery_id),
  );
  const missing = ids.filter((id) => receiver.callsWith('x-webhook-delivery', id).length === 0);
  return check('every webhook delivery arrived', missing, `${ids.length} deliveries received`);
}

/**
 * Every caller got its answer, or collects it now by sending the same request with the same X-Request-Id: a 200
 * with the answer, and the call still ran (and was charged) once.
 */
export async function everyCallerAnswered(baseUrl: string, db: Db, requests: readonly TrackedRequest[]): Promise<Check> {
  const calls = requests.filter((r) => r.kind !== 'test-event');
  const late = calls.filter((r) => !r.answer);
  // A request whose API was killed mid-answer is collected by sending it again: its claim passes on at once, since
  // the dead API's owner lock went with its session (core/idempotency/claimOwner.ts), not after the lease.
  for (const request of late) {
    for (let attempt = 0; !request.answer && attempt < 20; attempt++) {
      await send(baseUrl, request);
      if (!request.answer) await pause(1000);
    }
  }
  const problems = calls.filter((r) => !r.answer).map((r) => `${r.path} ${r.requestId}: last status ${r.lastStatus}`);
  const answeredCalls = calls.filter((r) => r.kind === 'call' && r.answer);
  const { rows } = await sql<{ stream_id: string; n: number }>`
    select stream_id, count(*)::int as n from events where type = 'ToolCallStarted' group by 1`.execute(db);
  const starts = new Map(rows.map((r) => [r.stream_id, r.n]));
  for (const r of answeredCalls) {
    // The call the answer names (its key in the caller's account's namespace: core/idempotency/scopedCallId.ts).
    const stream = `call-${(r.answer!._meta as { call_id?: string } | undefined)?.call_id ?? r.requestId}`;
    if (starts.get(stream) !== 1) problems.push(`${r.requestId} started ${starts.get(stream) ?? 0} times`);
  }
  return check(
    'every caller got its answer or collected it with its X-Request-Id',
    problems,
    `${calls.length} requests: ${calls.length - late.length} answered in flight, ${late.length} collected afterwards`,
  );
}

/** The read models rebuilt from the log alone equal the live ones (npm run replay); waits for the subscriber to catch up. */
export async function replayWithoutDrift(db: Db, timeoutMs: number): Promise<Check> {
  const started = Date.now();
  for (;;) {
    const report = await replayProjections(db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    if (report.drift.length === 0) return check('npm run replay: no drift', [], `${report.events} events replayed`);
    if (Date.now() - started > timeoutMs) {
      return check(
        'npm run replay: no drift',
        report.drift.map((d) => `${d.projection} ${d.key}`),
        '',
      );
    }
    await pause(2000);
  }
}

/**
 * `npm run audit -- --checkpoint`, then `npm run audit -- --reconcile` (docs/audit.md), as CI runs them, on the chaos
 * run's database and Temporal: the log verifies against its checkpoints, every reservation closed once, the balances
 * equal their events, every paid call's workflow agrees with its call stream. No chain: the load pays with keys.
 */
export async function reconciles(env: NodeJS.ProcessEnv, since: Date): Promise<Check> {
  const audit = (...args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/audit.ts'), ...args], { env, cwd: projectRoot }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
    });
  const signed = await audit('--checkpoint');
  if (signed.code !== 0) return check('npm run audit -- --reconcile', [`--checkpoint exited ${signed.code}: ${signed.out.trim()}`], '');
  const { code, out } = await audit('--reconcile', '--since', since.toISOString(), '--no-chain');
  const lines = out.trim().split('\n');
  const discrepancies = lines.filter((l) => l.startsWith('DISCREPANCY'));
  const problems = code === 0 ? [] : discrepancies.length ? discrepancies : [`exited ${code}: ${lines.slice(-3).join(' ')}`];
  return check('npm run audit -- --reconcile: ledger, Temporal and the signed log agree', problems, lines.at(-1) ?? '');
}
