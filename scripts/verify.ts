import { readFileSync } from 'node:fs';
import { verifyStatement } from '../core/audit/verifyStatement';

const HELP = `Usage: npm run verify -- <statement.json> [--key <base64 public key | file holding /.well-known/toolgate-log-key's JSON>]

Checks a statement from GET /audit/statement with no database and no service: the checkpoint's Ed25519 signature,
every event's inclusion proof against the signed tree root, that the events are the account's from its first with none
left out, and the opening and closing balances recomputed from them. Pin the log's public key with --key (from
/.well-known/toolgate-log-key, fetched once and kept): without it the statement's own copy is used, which proves the
statement is consistent but not whose log it is from. Exit 0 when it verifies, 1 when it does not (each problem named),
2 when the file cannot be read. docs/audit.md describes the format and each check, to write another verifier.`;

function keyFrom(value: string): string {
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return value;
  const document = JSON.parse(readFileSync(value, 'utf8')) as { public_key?: unknown };
  if (typeof document.public_key !== 'string') throw new Error(`${value} holds no public_key`);
  return document.public_key;
}

function main(): number {
  const args = process.argv.slice(2);
  const keyAt = args.indexOf('--key');
  const file = args.find((a, i) => !a.startsWith('-') && i !== keyAt + 1);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  if (!file) {
    console.log(HELP);
    return 2;
  }
  let statement: unknown;
  let key: string | undefined;
  try {
    statement = JSON.parse(readFileSync(file, 'utf8'));
    if (keyAt >= 0) key = keyFrom(args[keyAt + 1] ?? '');
  } catch (error) {
    console.error(`cannot read: ${(error as Error).message}`);
    return 2;
  }
  const verdict = verifyStatement(statement, key);
  const usd = (micros: number) => `${micros} micro-USD ($${(micros / 1e6).toFixed(6)})`;
  if (!verdict.ok) {
    console.log(`NOT VERIFIED: ${verdict.problems.length} problem(s)`);
    for (const problem of verdict.problems) console.log(`  - ${problem}`);
    return 1;
  }
  const s = statement as { account_id: string; checkpoint: { id: number; tree_size: number; issued_at: string } };
  console.log(
    `VERIFIED: ${verdict.events} events of account ${s.account_id}, in checkpoint #${s.checkpoint.id} (${s.checkpoint.tree_size} events, signed ${s.checkpoint.issued_at})`,
  );
  console.log(`  opening balance ${usd(verdict.opening.available_micros)}; closing balance ${usd(verdict.closing.available_micros)}`);
  console.log(
    `  closing: reserved ${usd(verdict.closing.reserved_micros)}, credited ${usd(verdict.closing.credited_micros)}, spent ${usd(verdict.closing.spent_micros)}`,
  );
  if (!verdict.keyPinned) console.log('  key NOT pinned: checked with the statement’s own copy of the key; pass --key to check it is the log’s');
  return 0;
}

process.exit(main());
