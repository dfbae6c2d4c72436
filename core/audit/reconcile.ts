import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { type Kysely, sql } from 'kysely';
import { type Address, createPublicClient, decodeEventLog, type Hex, http, parseAbiItem } from 'viem';
import type { Tables } from '../db/tables';
import type { StoredEvent } from '../eventStore/types';
import { balances, type BalanceRow } from '../projections/balances';
import { InMemoryProjection } from '../projections/evolveInMemory';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { verifyLog } from './verifyLog';

/**
 * One reconciliation of the three records of the money (docs/audit.md, "Reconciliation"): the ledger's events, the
 * Temporal workflows of paid calls, the chain's USDC transfers, and the log against its signed checkpoints. Every
 * difference is named; none is fixed here.
 */
export interface Discrepancy {
  readonly check: string;
  readonly message: string;
}

export interface CheckSummary {
  readonly check: string;
  readonly detail: string;
  readonly problems: number;
}

export interface ReconcileOptions {
  /** Calls, reservations, payments and transfers from this time on (the log and the balances: always all of it). */
  readonly since: Date;
  readonly now: Date;
  /** The log's public key (base64). */
  readonly publicKey: string;
  /** Temporal and the task queue the deployment's calls run on; null skips the workflows' check (said so). */
  readonly temporal: { readonly client: Client; readonly taskQueue: string } | null;
  /** The chain the x402 payments settle on; null skips the chain's check (said so). */
  readonly chain: { readonly rpcUrl: string; readonly asset: Address; readonly payTo: Address } | null;
  /** A reservation younger than this with no outcome yet is a call still running, not a discrepancy. */
  readonly inFlightMs?: number;
  /** A call settled or refunded this recently whose workflow has not closed yet is closing, not a discrepancy. */
  readonly closingMs?: number;
}

type Db = Kysely<Tables>;

export async function reconcile(db: Db, options: ReconcileOptions): Promise<{ discrepancies: Discrepancy[]; checks: CheckSummary[] }> {
  const discrepancies: Discrepancy[] = [];
  const checks: CheckSummary[] = [];
  const run = async (check: string, work: (report: (message: string) => void) => Promise<string>) => {
    const before = discrepancies.length;
    const detail = await work((message) => discrepancies.push({ check, message }));
    checks.push({ check, detail, problems: discrepancies.length - before });
  };
  await run('log verifies against its checkpoints', async (report) => {
    const verdict = await verifyLog(db, options.publicKey);
    for (const p of verdict.problems) report(p.message);
    if (verdict.checkpoints === 0 && verdict.events > 0) report('no checkpoint has been signed: nothing proves the log');
    return `${verdict.events} events, ${verdict.treeSize} in the tree, ${verdict.checkpoints} checkpoints, ${verdict.pending} not yet checkpointed`;
  });
  await run('every reservation settled or refunded exactly once', (report) => reservations(db, options, report));
  await run('account balances equal their events, and the ledger adds up', (report) => ledgerSums(db, report));
  await run('paid calls agree with their Temporal workflows', (report) =>
    options.temporal ? workflows(db, options, options.temporal, report) : Promise.resolve('skipped: no Temporal (--no-temporal)'),
  );
  await run('x402 settlements agree with the chain', (report) =>
    options.chain ? chainTransfers(db, options, options.chain, report) : Promise.resolve('skipped: no chain (x402 is off here, or --no-chain)'),
  );
  return { discrepancies, checks };
}

async function reservations(db: Db, options: ReconcileOptions, report: (m: string) => void): Promise<string> {
  const inFlightSince = new Date(options.now.getTime() - (options.inFlightMs ?? 3_600_000));
  const { rows } = await sql<{ account: string; call_id: string; reserved: number; settled: number; refunded: number; reserved_at: Date | null }>`
    select stream_id as account, data->>'callId' as call_id,
      count(*) filter (where type = 'ChargeReserved')::int as reserved,
      count(*) filter (where type = 'ChargeSettled')::int as settled,
      count(*) filter (where type = 'ChargeRefunded')::int as refunded,
      min(recorded_at) filter (where type = 'ChargeReserved') as reserved_at
    from events where type in ('ChargeReserved', 'ChargeSettled', 'ChargeRefunded') and stream_id like 'account-%'
    group by 1, 2
    having max(recorded_at) >= ${options.since}`.execute(db);
  for (const r of rows) {
    const who = `call ${r.call_id} on ${r.account}`;
    if (r.reserved === 0) report(`${who}: ${r.settled ? 'settled' : 'refunded'} without a reservation`);
    else if (r.reserved > 1) report(`${who}: reserved ${r.reserved} times`);
    if (r.settled + r.refunded > 1) report(`${who}: closed ${r.settled + r.refunded} times (${r.settled} settled, ${r.refunded} refunded)`);
    if (r.reserved >= 1 && r.settled + r.refunded === 0 && r.reserved_at !== null && r.reserved_at < inFlightSince)
      report(`${who}: reserved at ${r.reserved_at.toISOString()} and never settled or refunded`);
  }
  return `${rows.length} reservations since ${options.since.toISOString()}`;
}

const CREDITS = ['CreditGranted', 'PaymentReceived', 'RewardEarned', 'SaleProceedsCredited'];

async function ledgerSums(db: Db, report: (m: string) => void): Promise<string> {
  const replayed = new InMemoryProjection(balances);
  let cursor = 0;
  const totals = { credited: 0, charged: 0, reversed: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('events')
      .select(['position', 'stream_id', 'version', 'type', 'data', 'metadata', 'recorded_at'])
      .where('type', 'in', balances.handles)
      .where('position', '>', cursor)
      .orderBy('position')
      .limit(5000)
      .execute();
    for (const row of rows) {
      const event = { ...row, streamId: row.stream_id, recordedAt: row.recorded_at, transactionId: '0' } as unknown as StoredEvent;
      replayed.apply(event);
      const data = row.data as { amountMicros?: number; chargedMicros?: number; callId?: string };
      if (CREDITS.includes(row.type)) totals.credited += Number(data.amountMicros ?? 0);
      else if (row.type === 'ChargeSettled') totals.charged += Number(data.chargedMicros ?? 0);
      else if (row.type === 'RewardPaid') totals.charged += Number(data.amountMicros ?? 0);
      else if (row.type === 'ChargeReversed') totals.reversed += Number(data.amountMicros ?? 0);
    }
    if (rows.length < 5000) break;
    cursor = Number(rows[rows.length - 1]!.position);
  }
  const fromLog = new Map([...replayed.rows.values()].map((row) => [String(row.account_id), row as unknown as BalanceRow]));
  const live = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').selectAll().execute();
  const fields = ['available_micros', 'reserved_micros', 'credited_micros', 'spent_micros'] as const;
  let held = 0;
  for (const row of live) {
    const expected = fromLog.get(row.account_id);
    held += Number(row.available_micros) + Number(row.reserved_micros);
    if (!expected) {
      report(`account ${row.account_id}: a balance (${row.available_micros} available) with no events`);
      continue;
    }
    const differs = fields.filter((f) => Number(row[f]) !== Number(expected[f]));
    if (differs.length) report(`account ${row.account_id}: ${differs.map((f) => `${f} is ${row[f]}, its events add up to ${expected[f]}`).join('; ')}`);
    fromLog.delete(row.account_id);
  }
  for (const [account, row] of fromLog) report(`account ${account}: events adding up to ${row.available_micros} available, but no balance`);
  const expectedHeld = totals.credited - totals.charged + totals.reversed;
  if (expectedHeld !== held)
    report(
      `the ledger: credits ${totals.credited} − charges ${totals.charged} + reversals ${totals.reversed} = ${expectedHeld} micro-USD, but the balances hold ${held}`,
    );
  return `${live.length} accounts; credits ${totals.credited}, charges ${totals.charged}, reversals ${totals.reversed}, held ${held} micro-USD`;
}

interface CallRow {
  stream_id: string;
  payer_kind: string | null;
  pricing: string | null;
  completed: number;
  failed: number;
  last_at: Date;
}

async function workflows(db: Db, options: ReconcileOptions, temporal: { client: Client; taskQueue: string }, report: (m: string) => void): Promise<string> {
  const { rows } = await sql<CallRow>`
    select stream_id,
      max(data->'payer'->>'kind') filter (where type = 'ToolCallStarted') as payer_kind,
      max(data->>'pricing') filter (where type = 'ToolCallStarted') as pricing,
      count(*) filter (where type = 'ToolCallCompleted')::int as completed,
      count(*) filter (where type = 'ToolCallFailed')::int as failed,
      max(recorded_at) as last_at
    from events where stream_id like 'call-%' and recorded_at >= ${options.since}
    group by stream_id`.execute(db);
  const paid = rows.filter((r) => r.payer_kind !== null && r.payer_kind !== 'free' && r.pricing !== 'free');
  let agreed = 0;
  for (let i = 0; i < paid.length; i += 16) {
    await Promise.all(
      paid.slice(i, i + 16).map(async (call) => {
        const closingSince = new Date(options.now.getTime() - (options.closingMs ?? 300_000));
        const problem = await workflowDisagrees(temporal.client, call, call.last_at >= closingSince);
        if (problem) report(problem);
        else agreed += 1;
      }),
    );
  }
  // The other side: a workflow that ran and answered, with nothing on the ledger.
  const streams = new Set(rows.map((r) => r.stream_id));
  let listed = 0;
  const query = `WorkflowType = 'toolCall' AND TaskQueue = '${temporal.taskQueue}' AND StartTime >= '${options.since.toISOString()}' AND ExecutionStatus = 'Completed'`;
  for await (const workflow of temporal.client.workflow.list({ query })) {
    listed += 1;
    if (streams.has(workflow.workflowId)) continue;
    const known = await db.selectFrom('events').select('position').where('stream_id', '=', workflow.workflowId).limit(1).executeTakeFirst();
    if (known) continue;
    const outcome = (await temporal.client.workflow
      .getHandle(workflow.workflowId)
      .result()
      .catch(() => null)) as { status?: string } | null;
    if (outcome?.status === 'completed') report(`workflow ${workflow.workflowId} completed a call that has no events on the ledger`);
  }
  return `${paid.length} paid calls since ${options.since.toISOString()}, ${agreed} agree; ${listed} completed toolCall workflows listed`;
}

const FAILED_SIDE = new Set(['FAILED', 'CANCELLED', 'TERMINATED', 'TIMED_OUT']);

async function workflowDisagrees(client: Client, call: CallRow, closing: boolean): Promise<string | null> {
  const id = call.stream_id;
  const ledger = call.completed > 0 ? 'settled (ToolCallCompleted)' : call.failed > 0 ? 'refunded (ToolCallFailed)' : 'still running';
  let status: string;
  try {
    status = (await client.workflow.getHandle(id).describe()).status.name;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return `paid call ${id}: ${ledger} on the ledger, but Temporal has no workflow ${id}`;
    throw error;
  }
  if (call.completed + call.failed === 0) return status === 'RUNNING' ? null : `paid call ${id}: never settled or refunded, but its workflow is ${status}`;
  if (status === 'RUNNING') return closing ? null : `paid call ${id}: ${ledger}, but its workflow is still running`;
  let outcome: string = status;
  if (status === 'COMPLETED') {
    const result = (await client.workflow.getHandle(id).result()) as { status?: string } | null;
    outcome = result?.status ?? 'unknown';
  }
  if (call.completed > 0 && outcome !== 'completed') return `paid call ${id}: settled on the ledger, but its workflow ended ${outcome}`;
  if (call.completed === 0 && outcome === 'completed') return `paid call ${id}: refunded on the ledger, but its workflow completed it`;
  if (call.completed === 0 && status !== 'COMPLETED' && !FAILED_SIDE.has(status)) return `paid call ${id}: refunded, its workflow is ${status}`;
  return null;
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

async function chainTransfers(
  db: Db,
  options: ReconcileOptions,
  chain: { rpcUrl: string; asset: Address; payTo: Address },
  report: (m: string) => void,
): Promise<string> {
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const payments = await db
    .selectFrom('events')
    .select(['stream_id', 'data', 'recorded_at'])
    .where('type', '=', 'PaymentReceived')
    .orderBy('position')
    .execute();
  const recorded = new Set<string>();
  let checked = 0;
  for (const p of payments) {
    const data = p.data as { payer: string; amountMicros: number; transaction: string; callId: string };
    recorded.add(data.transaction.toLowerCase());
    if (p.recorded_at < options.since) continue;
    checked += 1;
    const name = `x402 payment of call ${data.callId} (${data.amountMicros} micro-USD from ${data.payer}, transaction ${data.transaction})`;
    const receipt = await client.getTransactionReceipt({ hash: data.transaction as Hex }).catch(() => null);
    if (!receipt) {
      report(`${name}: no such transaction on the chain`);
      continue;
    }
    if (receipt.status !== 'success') {
      report(`${name}: the transaction reverted`);
      continue;
    }
    const transfers = receipt.logs
      .filter((log) => log.address.toLowerCase() === chain.asset.toLowerCase())
      .flatMap((log) => {
        try {
          return [decodeEventLog({ abi: [TRANSFER], data: log.data, topics: log.topics }).args];
        } catch {
          return [];
        }
      });
    const match = transfers.find(
      (t) => t.from.toLowerCase() === data.payer.toLowerCase() && t.to.toLowerCase() === chain.payTo.toLowerCase() && t.value === BigInt(data.amountMicros),
    );
    if (!match)
      report(
        `${name}: the transaction moves ${transfers.map((t) => `${t.value} from ${t.from} to ${t.to}`).join(', ') || 'no USDC'}, not that amount from that payer to ${chain.payTo}`,
      );
  }
  // Every transfer to the pay-to address since then is one of the recorded payments.
  const fromBlock = await firstBlockAfter(client, options.since);
  const logs =
    fromBlock === null ? [] : await client.getLogs({ address: chain.asset, event: TRANSFER, args: { to: chain.payTo }, fromBlock, toBlock: 'latest' });
  for (const log of logs)
    if (!recorded.has(log.transactionHash.toLowerCase()))
      report(
        `transfer of ${log.args.value} micro-USDC from ${log.args.from} to ${chain.payTo} (transaction ${log.transactionHash}) is not accounted for on the ledger`,
      );
  return `${checked} settlements since ${options.since.toISOString()} checked; ${logs.length} transfers to ${chain.payTo} from block ${fromBlock ?? 'none yet'}`;
}

/** The first block stamped at or after `time` (binary search over block timestamps); null when none is yet. */
async function firstBlockAfter(client: ReturnType<typeof createPublicClient>, time: Date): Promise<bigint | null> {
  const target = BigInt(Math.floor(time.getTime() / 1000));
  let low = 0n;
  let high = await client.getBlockNumber();
  if ((await client.getBlock({ blockNumber: high })).timestamp < target) return null;
  while (low < high) {
    const mid = (low + high) / 2n;
    if ((await client.getBlock({ blockNumber: mid })).timestamp < target) low = mid + 1n;
    else high = mid;
  }
  return low;
}
