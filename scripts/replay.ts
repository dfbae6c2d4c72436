import { createDb } from '../core/db/createDb';
import { allProjections, LIVE_SCHEMA } from '../core/projections';
import { replayProjections } from '../core/projections/replay';
import { loadConfig } from '../core/config/loadConfig';
import { resolveServices } from '../core/config/resolveServices';

const HELP = `Usage: npm run replay [-- --keep] [-- --help]

Rebuilds every projection (balances, keys, free-tier usage, calls …) from the event log alone into a fresh
schema and compares it with the live tables. Prints each difference; exits 1 if there is any drift.
  --keep   keep the replay schema afterwards for inspection (its name is printed)`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const { databaseUrl } = resolveServices(loadConfig());
  const db = createDb({ connectionString: databaseUrl, max: 2 });
  try {
    console.log('replaying the event log …');
    const report = await replayProjections(db, {
      liveSchema: LIVE_SCHEMA,
      projections: allProjections,
      keep: args.includes('--keep'),
      onProgress: (line) => console.log(line),
    });
    console.log(`${report.events} events replayed into schema ${report.schema}${args.includes('--keep') ? ' (kept)' : ' (dropped)'}`);
    if (report.drift.length === 0) {
      console.log('no drift: every projection matches the log');
      return 0;
    }
    console.log(`DRIFT: ${report.drift.length} row(s) differ`);
    for (const d of report.drift)
      console.log(`  ${d.projection} ${d.key}\n    live:     ${JSON.stringify(d.live)}\n    replayed: ${JSON.stringify(d.replayed)}`);
    return 1;
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
