import { createDb } from '../core/db/createDb';
import { readStream } from '../core/eventStore';
import { loadConfig } from '../core/config/loadConfig';
import { resolveServices } from '../core/config/resolveServices';
import { balanceFromLog } from '../core/ledger/balanceFromLog';

const HELP = `Usage: npm run audit -- <stream> [--json]

Prints a stream's history in order (who acted, where recorded), e.g. npm run audit -- account-<id>, key-<id> (created,
settings changed, rotated, revoked), call-<request id> (an operator's refund too), agent-<id> (a custom agent's life: built, updated, scheduled, its runs, archived).
Amounts are shown in USD next to their micro-USD integers; account streams end with the balance
recomputed from the events alone (available, reserved, credited, spent) and whether the live projection holds the
same (exit code 3 when it does not).
  --json   one JSON object a line instead`;

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
