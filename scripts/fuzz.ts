import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createPool, dbFromPool } from '../core/db/createDb';
import { migrate } from '../core/db/migrate';
import { createEventStore } from '../core/eventStore';
import { allProjections, inlineProjections, LIVE_SCHEMA } from '../core/projections';
import { generateKey, topUp } from '../test/support/accounts';
import type { TestDatabase } from '../test/support/testDatabase';
import { startTestService } from '../test/support/testService';
import { withDatabase } from './services/databaseUrl';
import { ensureLocalStack } from './services/localStack';
import { ensureEmbeddingModel } from './services/embeddingModel';
import { loadConfig } from '../core/config/loadConfig';
import { dataDir, projectRoot } from './services/paths';
import { startProcess } from './services/processes';
import { ensureSchemathesis } from './services/schemathesis';
import { wholeNumberOption } from './services/commandLine';

const HELP = `Usage: npm run fuzz [-- --max-time SECONDS] [-- --seed N] [-- --workers N] [-- --help]

Fuzzes the API from its own /openapi.json with schemathesis (PyPI, pinned, installed into .tools/ on first use):
every operation the registry holds, with every standard check (server errors, response schemas, status codes,
content types, headers), on positive and negative data (--mode all), in two passes: as a key made for the run and
funded with 5,000 USD (its Authorization header on every request), so paid tools run; then with no credentials, so
the free tier, the 402 payment requirements and the refusals of anonymous callers are tried. The service is the
real API with an embedded worker and the projection subscriber, on a database of its own on the local (or
configured) PostgreSQL and Temporal, with no model provider configured and no internet: the documented 502/503/504
of an unconfigured deployment and of unreachable upstreams pass (scripts/fuzz/documentedUnavailability.py), any
other 5xx fails. Exits 1 on any failure, after schemathesis has printed each one with a curl command that
reproduces it.

  --max-time SECONDS  time budget of both passes together, two thirds for the key's (default 180)
  --seed N            random seed, to repeat a run exactly (default: a new one, printed)
  --workers N         concurrent schemathesis workers (default 1: Hypothesis is not thread-safe throughout)`;

interface Options {
  readonly maxTime: number;
  readonly seed: number;
  readonly workers: number;
}

function parseArgs(argv: readonly string[]): Options | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const value = (name: string, fallback: number) => wholeNumberOption(argv, name, fallback);
  return { maxTime: value('--max-time', 180), seed: value('--seed', randomBytes(4).readUInt32BE() % 1_000_000_000), workers: value('--workers', 1) };
}

const say = (line: string) => process.stderr.write(`[fuzz] ${line}\n`);

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options === 'help') {
    console.log(HELP);
    return 0;
  }
  const schemathesis = ensureSchemathesis(say);
  process.env.APP_ENV = 'test';
  const stack = await ensureLocalStack({ database: 'postgres', say, headlessTemporal: true, quietTemporal: true });
  const config = loadConfig();
  await ensureEmbeddingModel({ dataDir: dataDir(config.dataDir), configuredPath: config.localEmbeddingModelPath, say });
  process.env.TEST_TEMPORAL_ADDRESS = stack.temporalAddress;
  const database = await createDatabase(stack.databaseUrl);
  try {
    const service = await startTestService({
      database,
      env: {
        // One client sends thousands of requests: rate limits and trial-key caps would answer most of them 429.
        RATE_LIMIT_PER_MINUTE: '1000000',
        KEY_RATE_LIMIT_PER_MINUTE: '1000000',
        TRIAL_KEYS_PER_IP_DAILY: '1000000',
        FREE_TIER_DAILY: '1000000',
        MCP_FREE_DAILY: '1000000',
        // Generated URLs must never make this machine call its own ports: only https to public addresses.
        ALLOW_LOCAL_HTTP: 'false',
        CALL_TIMEOUT_SECONDS: '30',
        // No model provider: generative tools answer the documented 503.
        OPENAI_API_KEY: '',
        ANTHROPIC_API_KEY: '',
        GOOGLE_API_KEY: '',
        MISTRAL_API_KEY: '',
        GROQ_API_KEY: '',
        DEEPSEEK_API_KEY: '',
        XAI_API_KEY: '',
      },
    });
    try {
      const key = await generateKey(service.baseUrl, 'fuzz');
      const funded = await topUp(service.baseUrl, service.config.adminToken, key.key, 5000);
      if (funded.status !== 200) throw new Error(`top-up answered ${funded.status}: ${await funded.text()}`);
      const schemaUrl = `${service.baseUrl}/openapi.json`;
      const keyed = Math.round((options.maxTime * 2) / 3);
      const passes: Pass[] = [
        { name: 'as a funded key', maxTime: keyed, headers: [`Authorization: Bearer ${key.key}`] },
        { name: 'without credentials', maxTime: options.maxTime - keyed, headers: [] },
      ];
      let failed = 0;
      for (const pass of passes) {
        say(`fuzzing ${schemaUrl} ${pass.name} for at most ${pass.maxTime} s (seed ${options.seed}, ${options.workers} workers)`);
        const code = await runSchemathesis(schemathesis, schemaUrl, pass, options);
        say(code === 0 ? `${pass.name}: no failures` : `${pass.name}: schemathesis exited with ${code}`);
        if (code !== 0) failed = code;
      }
      return failed;
    } finally {
      await service.stop();
    }
  } finally {
    await database.drop();
    await stack.stop();
  }
}

async function createDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `toolgate_fuzz_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool({ connectionString: url, max: 20, applicationName: 'toolgate-fuzz', onIdleError: () => undefined });
  const db = dbFromPool(pool);
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
  return {
    url,
    name,
    pool,
    db,
    store: createEventStore(db, inlineProjections, LIVE_SCHEMA),
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await client.end();
    },
  };
}

/** One schemathesis run: its share of the time and the headers it sends on every request. */
interface Pass {
  readonly name: string;
  readonly maxTime: number;
  readonly headers: readonly string[];
}

function runSchemathesis(tool: ReturnType<typeof ensureSchemathesis>, schemaUrl: string, pass: Pass, options: Options): Promise<number> {
  const reportDir = path.join(dataDir(), 'fuzz');
  mkdirSync(reportDir, { recursive: true });
  const fuzzDir = path.join(projectRoot, 'scripts', 'fuzz');
  const args = [
    tool.entry,
    '--config-file',
    path.join(fuzzDir, 'schemathesis.toml'),
    '--no-color',
    'run',
    schemaUrl,
    '--max-time',
    String(pass.maxTime),
    // Positive and negative data both (schemathesis 4's default, said so a change of default cannot drop either).
    '--mode',
    'all',
    '--seed',
    String(options.seed),
    '--workers',
    String(options.workers),
    ...pass.headers.flatMap((header) => ['--header', header]),
    '--request-timeout',
    '60',
    '--generation-database',
    'none',
    '--report',
    'junit',
    '--report-dir',
    reportDir,
  ];
  return new Promise((resolve, reject) => {
    // Every line of schemathesis is shown marked as its own ("[schemathesis] …"): its closing pytest-style footer
    // ("=== 3 warnings in 180s ===") counts none of our tests, and a reader (or CI's log parser) must not take it for
    // the suite's result.
    const child = startProcess('schemathesis', tool.python, args, {
      // schemathesis keeps a cache of crashes in its working directory: under .data, not in the repository.
      cwd: reportDir,
      env: {
        ...process.env,
        PYTHONPATH: [tool.pythonPath, fuzzDir].join(path.delimiter),
        SCHEMATHESIS_HOOKS: 'documentedUnavailability',
      },
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) say(`see the failures and their curl reproductions above (report in ${reportDir})`);
      resolve(code ?? 1);
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
