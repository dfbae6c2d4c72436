import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../scripts/services/paths';
import { type Say, waitFor } from '../../scripts/services/processes';
import {
  benchEnv,
  committedTransactions,
  dropBenchDatabase,
  freePort,
  freshMigratedDatabase,
  fundedKeys,
  paidSentimentLoad,
  startArrangement,
} from './arrangement';
import { type AllocationSummary, type ProfileSummary, summariseAllocations, summariseProfiles } from './cpuProfile';
import { watchUsage } from './processUsage';

const HOOK = path.join(projectRoot, 'test', 'bench', 'profileOnSignal.mjs');
export interface ProfiledArrangement {
  readonly arrangement: string;
  readonly calls: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly non2xx: number;
  /** CPU per completed call from /proc (what the profiler's sampling cannot see: the kernel's share too). */
  readonly cpuMsPerCall: Record<string, number>;
  /** Committed PostgreSQL transactions per call in the bench's database (pg_stat_database). */
  readonly transactionsPerCall: number;
  readonly profiles: Record<string, ProfileSummary & { readonly dir: string; readonly allocations?: AllocationSummary }>;
}

/**
 * Paid /sentiment calls at `connections` callers for `seconds`, with V8's CPU profiler on in the API and the worker
 * for that window only (started and stopped by SIGUSR2 through profileOnSignal.mjs, so start-up's module loading is
 * not in it), in each arrangement asked for. Prints where the time went by place (our files, packages, Node, V8's
 * GC) and by function, and leaves the .cpuprofile files (Chrome DevTools or speedscope open them) in
 * bench-results/profiles/.
 */
export async function benchProfile(options: {
  compiled: boolean;
  seconds: number;
  connections: number;
  only?: 'embedded' | 'alone';
  say: Say;
  clusterUrl: string;
  temporalAddress: string;
  adminToken: (env: NodeJS.ProcessEnv) => string;
}): Promise<ProfiledArrangement[]> {
  const { say } = options;
  const results: ProfiledArrangement[] = [];
  for (const embedded of [true, false]) {
    if (options.only && options.only !== (embedded ? 'embedded' : 'alone')) continue;
    const name = embedded ? 'embeddedWorker' : 'apiAlone';
    const database = `toolgate_profile_${process.pid}`;
    const databaseUrl = await freshMigratedDatabase(options.clusterUrl, database);
    const port = await freePort();
    const env = benchEnv({ databaseUrl, temporalAddress: options.temporalAddress, taskQueue: `profile-${Date.now().toString(36)}`, port });
    const base = `http://127.0.0.1:${port}`;
    const dirs = { api: profileDir(name, 'api'), worker: profileDir(name, 'worker') };
    say(`arrangement ${name}: starting, the profiler loaded and idle`);
    const arrangement = await startArrangement({
      embedded,
      compiled: options.compiled,
      env,
      base,
      say,
      apiFlags: ['--import', HOOK],
      workerFlags: ['--import', HOOK],
      apiEnv: { PROFILE_DIR: dirs.api },
      workerEnv: { PROFILE_DIR: dirs.worker },
    });
    try {
      const keys = await fundedKeys(base, options.adminToken(env), options.connections);
      const load = paidSentimentLoad(base, keys, options.connections);
      say('  warming up (connection pools, the workflow cache, the tools\u2019 models), 5 s');
      await load(5);
      const transactionsBefore = await committedTransactions(options.clusterUrl, database);
      const signal = () => [arrangement.api, arrangement.worker].forEach((child) => child.kill('SIGUSR2'));
      signal();
      say(`  profiling: POST /sentiment paid, ${options.connections} callers with a key each, ${options.seconds} s`);
      const usage = watchUsage(arrangement.groups);
      const result = await load(options.seconds);
      const cpu = usage.stop();
      signal();
      await waitFor(
        'the profiles',
        async () =>
          Object.values(dirs).every((dir) => ['.cpuprofile', '.heapprofile'].every((ending) => readdirSync(dir).some((file) => file.endsWith(ending)))),
        60_000,
        say,
      );
      const calls = Math.max(1, result.samples);
      const transactions = (await committedTransactions(options.clusterUrl, database)) - transactionsBefore;
      results.push({
        arrangement: name,
        calls: result.samples,
        perSecond: result.perSecond,
        p50Ms: result.p50Ms,
        non2xx: result.non2xx,
        cpuMsPerCall: Object.fromEntries(Object.entries(cpu).map(([group, window]) => [group, round(window.cpuMs / calls)])),
        transactionsPerCall: round(transactions / calls),
        profiles: Object.fromEntries(
          Object.entries(dirs).map(([group, dir]) => {
            const allocations = summariseAllocations(dir, projectRoot);
            return [group, { ...summariseProfiles(dir, projectRoot), dir, ...(allocations ? { allocations } : {}) }];
          }),
        ),
      });
    } finally {
      await arrangement.stop();
      await dropBenchDatabase(options.clusterUrl, database);
    }
  }
  return results;
}

/** Prints each arrangement's figures and, per process, where its sampled time went. */
export function printProfiles(results: readonly ProfiledArrangement[], top = 20): void {
  for (const r of results) {
    const cpu = Object.entries(r.cpuMsPerCall)
      .map(([group, ms]) => `${group} ${ms} ms`)
      .join(', ');
    console.log(
      `\n${r.arrangement}: ${r.calls} calls, ${r.perSecond}/s, p50 ${r.p50Ms} ms, ${r.non2xx} not 2xx; CPU per call ${cpu}; ${r.transactionsPerCall} transactions per call`,
    );
    for (const [group, profile] of Object.entries(r.profiles)) {
      console.log(`  ${group}: ${round(profile.busyMs / Math.max(1, r.calls))} ms sampled per call (profiles in ${path.relative(projectRoot, profile.dir)})`);
      console.log('    by place                                   ms    share');
      for (const p of profile.byPlace.slice(0, top))
        console.log(`    ${p.place.padEnd(40).slice(0, 40)} ${String(p.ms).padStart(6)} ${String(p.share).padStart(6)}%`);
      console.log('    by function');
      for (const f of profile.byFunction.slice(0, top)) console.log(`    ${String(f.ms).padStart(6)} ${String(f.share).padStart(6)}%  ${f.fn.slice(0, 110)}`);
      const allocations = profile.allocations;
      if (allocations) {
        console.log(
          `    allocated: ${allocations.allocatedMiB} MiB, ${Math.round((allocations.allocatedMiB * 1024) / Math.max(1, r.calls))} KiB per call; by function (KiB)`,
        );
        for (const f of allocations.byFunction) console.log(`    ${String(f.kib).padStart(7)} ${String(f.share).padStart(6)}%  ${f.fn.slice(0, 110)}`);
      }
    }
  }
}

function profileDir(arrangement: string, process: string): string {
  const dir = path.join(projectRoot, 'bench-results', 'profiles', arrangement, process);
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

const round = (n: number) => Math.round(n * 100) / 100;
