import { Client } from '@temporalio/client';
import { issueCheckpoint } from '../core/audit/checkpoints';
import { logSigner } from '../core/audit/logKey';
import { reconcile } from '../core/audit/reconcile';
import { verifyLog } from '../core/audit/verifyLog';
import { createDb, type Db } from '../core/db/createDb';
import { readStream } from '../core/eventStore';
import { loadConfig } from '../core/config/loadConfig';
import { resolveServices } from '../core/config/resolveServices';
import { balanceFromLog } from '../core/ledger/balanceFromLog';
import { connectTemporal } from '../core/temporal/connectTemporal';
import { loadX402 } from '../core/x402/x402Runtime';
import type { Config } from '../schema/config';

const HELP = `Usage: npm run audit -- <stream> [--json]
       npm run audit -- --reconcile [--since <ISO time | 24h | 7d>] [--no-temporal] [--no-chain]
       npm run audit -- --verify-log
       npm run audit -- --checkpoint

Prints a stream's history in order (who acted, where recorded), e.g. npm run audit -- account-<id>, key-<id> (created,
settings changed, rotated, revoked), call-<request id> (an operator's refund too), agent-<id> (a custom agent's life: built, updated, scheduled, its runs, archived).
Amounts are shown in USD next to their micro-USD integers; account streams end with the balance
recomputed from the events alone (available, reserved, credited, spent) and whether the live projection holds the
same (exit code 3 when it does not).
  --json   one JSON object a line instead

--reconcile checks, naming each discrepancy (exit 1 when there is one, docs/audit.md "Reconciliation"): the log
against every signed checkpoint (an edited, deleted, moved or inserted event is named); every reservation settled or
refunded exactly once; every account's balance equal to its events, and the whole ledger (credits − charges +
reversals) equal to what the balances hold; every paid call's workflow in Temporal agreeing with its call stream
(completed ↔ settled, failed ↔ refunded, none missing on either side); every x402 settlement matching its USDC
Transfer on the chain (amount, payer, payee, transaction), and every transfer to the pay-to address accounted for.
  --since    calls, reservations, payments and transfers from then on (default 24h: Temporal keeps closed
             workflows about that long); the log and the balances are always checked whole
--verify-log     only the log against its checkpoints
--checkpoint     extend the log's tree and sign a checkpoint now (what the schedule does every LOG_CHECKPOINT_EVERY_MINUTES)`;

function sinceOf(value: string | undefined, now: Date): Date {
  if (!value) return new Date(now.getTime() - 86_400_000);
  const relative = /^(\d+)([hd])$/.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (relative[2] === 'h' ? 3_600_000 : 86_400_000));
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Error(`--since ${value}: give an ISO time or a duration such as 24h or 7d`);
  return time;
}

async function logCommands(args: readonly string[], config: Config, db: Db): Promise<number> {
  const signer = logSigner(config.logSigningKey);
  if (args.includes('--checkpoint')) {
    const checkpoint = await issueCheckpoint(db, signer, new Date());
    console.log(checkpoint ? JSON.stringify(checkpoint, null, 2) : 'the log is empty: nothing to sign');
    return 0;
  }
  if (args.includes('--verify-log')) {
    const verdict = await verifyLog(db, signer.publicKey);
    for (const p of verdict.problems) console.log(`DISCREPANCY ${p.message}`);
    console.log(`${verdict.events} events, ${verdict.treeSize} in the tree, ${verdict.checkpoints} checkpoints, ${verdict.pending} not yet checkpointed`);
    return verdict.problems.length ? 1 : 0;
  }
  const now = new Date();
  const sinceAt = args.indexOf('--since');
  const since = sinceOf(sinceAt >= 0 ? args[sinceAt + 1] : undefined, now);
  const services = resolveServices(config);
  const connection = args.includes('--no-temporal') ? null : await connectTemporal(services.temporal, config.temporalConnectTimeoutSeconds * 1000);
  const x402 = args.includes('--no-chain') ? null : loadX402(config);
  const chain = x402?.ok && x402.runtime.rpcUrl ? { rpcUrl: x402.runtime.rpcUrl, asset: x402.runtime.terms.asset, payTo: x402.runtime.terms.payTo } : null;
  try {
    const { discrepancies, checks } = await reconcile(db, {
      since,
      now,
      publicKey: signer.publicKey,
      temporal: connection ? { client: new Client({ connection, namespace: services.temporal.namespace }), taskQueue: config.taskQueue } : null,
      chain,
    });
    for (const d of discrepancies) console.log(`DISCREPANCY [${d.check}] ${d.message}`);
    for (const c of checks) console.log(`${c.problems ? 'FAIL' : 'ok  '} ${c.check}: ${c.detail}${c.problems ? ` (${c.problems} discrepancies)` : ''}`);
    console.log(discrepancies.length ? `${discrepancies.length} discrepancies` : 'reconciled: no discrepancy');
    return discrepancies.length ? 1 : 0;
  } finally {
    await connection?.close();
  }
}

const MONEY_FIELDS = [
  'amountMicros',
  'reservedMicros',
  'chargedMicros',
  'priceMicros',
  'listPriceMicros',
  'refundedMicros',
  'balanceMicros',
  'thresholdMicros',
];

function usd(micros: number): string {
  return `${micros < 0 ? '-' : ''}$${(Math.abs(micros) / 1e6).toFixed(6)}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (['--reconcile', '--verify-log', '--checkpoint'].some((a) => args.includes(a)) && !args.includes('--help')) {
    const config = loadConfig();
    const db = createDb({ connectionString: resolveServices(config).databaseUrl, max: 2 });
    try {
      return await logCommands(args, config, db);
    } finally {
      await db.destroy();
    }
  }
  const stream = args.find((a) => !a.startsWith('-'));
  if (!stream || args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return stream ? 0 : 1;
  }
  const { databaseUrl } = resolveServices(loadConfig());
  const db = createDb({ connectionString: databaseUrl, max: 1 });
  try {
    const events = await readStream(db, stream);
    if (events.length === 0) {
      console.log(`no events on stream ${stream}`);
      return 1;
    }
    for (const e of events) {
      if (args.includes('--json')) {
        console.log(JSON.stringify(e));
        continue;
      }
      const data = e.data as unknown as Record<string, unknown>;
      const fields = Object.entries(data)
        .map(([k, v]) =>
          MONEY_FIELDS.includes(k) && typeof v === 'number' ? `${k}=${v} (${usd(v)})` : `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
        )
        .join(' ');
      console.log(
        `#${e.version} ${e.recordedAt.toISOString()} pos=${e.position} ${e.type} ${fields}${e.metadata.requestId ? ` [request ${e.metadata.requestId}]` : ''}${e.metadata.actor ? ` by ${e.metadata.actor}` : ''}`,
      );
    }
    if (stream.startsWith('account-') && !args.includes('--json')) {
      // Recomputed by the balances projection's own evolve, so every kind of account (key, wallet, seller, earner) adds up as the live one does.
      const { fromLog, live } = await balanceFromLog(db, stream.slice('account-'.length), events);
      console.log(`balance from these events: ${fromLog.available_micros} micro-USD (${usd(fromLog.available_micros)})`);
      console.log(
        `  reserved ${fromLog.reserved_micros} (${usd(fromLog.reserved_micros)}), credited ${fromLog.credited_micros} (${usd(fromLog.credited_micros)}), spent ${fromLog.spent_micros} (${usd(fromLog.spent_micros)})`,
      );
      const differs = live && (Object.keys(fromLog) as (keyof typeof fromLog)[]).filter((k) => fromLog[k] !== live[k]);
      if (!live) console.log('the live balances projection has no row for this account');
      else if (differs && differs.length > 0) {
        console.log(`DIFFERS from the live balances projection: ${differs.map((k) => `${k} ${live[k]} there`).join(', ')}`);
        return 3;
      } else console.log('the live balances projection holds the same');
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
