import { createDb } from '../core/db/createDb';
import { readStream } from '../core/eventStore';
import { loadConfig } from '../core/config/loadConfig';
import { resolveServices } from '../core/config/resolveServices';

const HELP = `Usage: npm run audit -- <stream> [--json]

Prints a stream's history in order (who acted, where recorded), e.g. npm run audit -- account-<id>, key-<id> (created,
settings changed, rotated, revoked), call-<request id> (an operator's refund too), agent-<id> (a custom agent's life: built, updated, scheduled, its runs, archived).
Amounts are shown in USD next to their micro-USD integers; account streams end with the balance
recomputed from the events alone.
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
    let available = 0;
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
      if (e.type === 'CreditGranted') available += e.data.amountMicros;
      if (e.type === 'ChargeReserved') available -= e.data.amountMicros;
      if (e.type === 'ChargeSettled') available += e.data.reservedMicros - e.data.chargedMicros;
      if (e.type === 'ChargeRefunded') available += e.data.amountMicros;
      // The operator's refund of a settled call: a compensating event beside the charge, which stays on the record.
      if (e.type === 'ChargeReversed') available += e.data.amountMicros;
    }
    if (stream.startsWith('account-') && !args.includes('--json')) console.log(`balance from these events: ${available} micro-USD (${usd(available)})`);
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
