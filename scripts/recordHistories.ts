import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import globalSetup from '../test/support/globalSetup';
import { historyFromJSON } from '../test/support/historyJson';
import globalTeardown from '../test/support/globalTeardown';
import { replayOptions } from '../test/support/replayOptions';
import {
  HISTORIES_DIR,
  HISTORY_STATES,
  type HistoryIndex,
  type HistoryState,
  type IndexedHistory,
  INDEX_FILE,
  registeredWorkflowTypes,
} from '../test/support/workflowHistories';
import { installWorkerRuntime } from '../workers/runtime';
import { HistoryRecorder, type Recording } from './histories/recorder';
import { GROUPS } from './histories/scenarios';
import { projectRoot } from './services/paths';

const HELP = `Usage: npm run histories:record [-- --force] [-- --allow-dirty] [-- --only GROUP,…] [-- --out DIR] [-- --help]

Records real histories of every workflow type the workflow bundle registers, for the replay test CI runs
(test/int/workflowHistories.int.test.ts): the service's own API, worker and database, driven the way callers and
schedules drive it, on the Temporal dev server and PostgreSQL the tests use (reused when running, started otherwise
and stopped afterwards). Each workflow is taken completed, failed or cancelled where that can happen, and still
waiting on a timer, a signal, a child or an activity (its history so far; then it is terminated). Histories are
written in Temporal's JSON history format to

  test/histories/<release>/<workflowType>/<state>-<n>.json    (release: <package.json version>-<git short hash>)

with <release>/index.json saying when, which workflow ids, and how many per type and state. Every history is
replayed against the same code before it is written, and none may hold a key or a signing secret (throwaway values
are used throughout). Takes a few minutes.

  --force         replace the release's folder if it exists (refused otherwise)
  --allow-dirty   record although workflows/ has uncommitted changes (the index lists them)
  --only GROUP,…  record only these groups (for trying a scenario; written to a -partial release under the system's
                  temporary folder unless --out says otherwise: not for committing):
${GROUPS.map((g) => `                  ${g.name.padEnd(22)}${g.about}`).join('\n')}
  --out DIR       write under DIR instead of test/histories

Exit code: 0 written; 1 refused, or a scenario failed, a type has no history or a history does not replay (then
nothing is written there: what was recorded goes to a temporary folder, named at the end); 2 a crash.`;

interface Options {
  readonly force: boolean;
  readonly allowDirty: boolean;
  readonly only: readonly string[] | null;
  readonly out: string;
}

function parseArgs(argv: readonly string[]): Options | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const valueOf = (name: string) => {
    const at = argv.indexOf(name);
    if (at < 0) return undefined;
    const value = argv[at + 1];
    if (!value || value.startsWith('--')) throw new Error(`${name} takes a value`);
    return value;
  };
  const known = ['--force', '--allow-dirty', '--only', '--out'];
  const unknown = argv.filter((arg, i) => arg.startsWith('--') && !known.includes(arg) && !['--only', '--out'].includes(argv[i - 1] ?? ''));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')} (see --help)`);
  const only = valueOf('--only')?.split(',') ?? null;
  const missing = only?.filter((name) => !GROUPS.some((g) => g.name === name)) ?? [];
  if (missing.length) throw new Error(`no group ${missing.join(', ')}: one of ${GROUPS.map((g) => g.name).join(', ')}`);
  // A partial set is never written among the committed ones unless asked.
  const out = valueOf('--out') ?? (only ? path.join(os.tmpdir(), 'toolgate-histories') : HISTORIES_DIR);
  return { force: argv.includes('--force'), allowDirty: argv.includes('--allow-dirty'), only, out: path.resolve(out) };
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).trim();
const say = (line: string) => console.log(line);

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options === 'help') {
    console.log(HELP);
    return 0;
  }
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  const commit = git('rev-parse', 'HEAD');
  const release = `${version}-${git('rev-parse', '--short', 'HEAD')}${options.only ? '-partial' : ''}`;
  const target = path.join(options.out, release);
  if (existsSync(target) && !options.force) {
    console.error(`${shown(target)} exists: histories of release ${release} were recorded already (--force replaces them)`);
    return 1;
  }
  const dirty = git('status', '--porcelain', '--', 'workflows')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  if (dirty.length && !options.allowDirty) {
    console.error(
      `workflows/ has uncommitted changes (${dirty.join(', ')}): the histories would not be ${commit.slice(0, 7)}'s. Commit first, or --allow-dirty`,
    );
    return 1;
  }

  const types = registeredWorkflowTypes();
  say(`recording histories of release ${release}: ${types.length} workflow types registered (${types.join(', ')})`);
  const started = Date.now();
  // The tests' own setup: PostgreSQL and the dev server reused (or started), a migrated template, the workflow bundle.
  await globalSetup();
  const rec = new HistoryRecorder(say);
  let replayFailures: string[];
  try {
    installWorkerRuntime('ERROR');
    for (const group of GROUPS.filter((g) => !options.only || options.only.includes(g.name))) {
      say(`${group.name}: ${group.about}`);
      try {
        await group.run(rec, say);
      } catch (error) {
        rec.problems.push(`${group.name}: ${error instanceof Error ? error.message : String(error)}`);
        say(`  ✗ ${group.name} stopped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    say(`replaying the ${rec.recordings.length} histories against the code that made them …`);
    replayFailures = await replayAll(rec.recordings);
  } finally {
    await globalTeardown();
  }

  const recordedTypes = new Set(rec.recordings.map((r) => r.workflowType));
  const missing = types.filter((type) => !recordedTypes.has(type));
  const durationSeconds = Math.round((Date.now() - started) / 1000);
  const failures = [
    ...rec.problems,
    ...replayFailures,
    ...(options.only ? [] : missing.map((type) => `${type}: no history recorded (the replay test fails without one)`)),
  ];
  // A release is written whole or not at all: with a problem, what was recorded goes to a scratch folder to look at.
  const written = failures.length ? mkdtempSync(path.join(os.tmpdir(), `histories-${release}-`)) : target;
  const index = write(written, rec.recordings, { release, version, commit, durationSeconds, dirty });
  say(`wrote ${index.histories.length} histories to ${shown(written)} (${kib(index.histories.reduce((sum, h) => sum + h.bytes, 0))}) in ${durationSeconds} s:`);
  for (const [type, states] of Object.entries(index.types))
    say(
      `  ${type.padEnd(26)}${HISTORY_STATES.filter((s) => states[s])
        .map((s) => `${s} ${states[s]}`)
        .join(', ')}`,
    );
  if (options.only) say(`partial: only ${options.only.join(', ')} (types without a history: ${missing.join(', ') || 'none'})`);
  if (failures.length === 0) return 0;
  say(`\n${failures.length} problem(s); nothing was written to ${shown(target)}:`);
  for (const failure of failures) say(`  - ${failure}`);
  return 1;
}

/** Replays every recording with the bundle the workers ran (globalSetup's), as the CI test will. */
async function replayAll(recordings: readonly Recording[]): Promise<string[]> {
  const failures: string[] = [];
  const histories = recordings.map((r) => ({ workflowId: r.workflowId, history: historyFromJSON(JSON.parse(r.json)) }));
  let i = 0;
  for await (const result of Worker.runReplayHistories(replayOptions(), histories)) {
    const recording = recordings[i++]!;
    if (result.error) failures.push(`${recording.workflowType} ${recording.state} (${recording.scenario}) does not replay: ${result.error.message}`);
  }
  return failures;
}

function write(
  target: string,
  recordings: readonly Recording[],
  meta: { release: string; version: string; commit: string; durationSeconds: number; dirty: readonly string[] },
): HistoryIndex {
  // Written beside the target, then moved into place: an interrupted run leaves no half a release.
  const staging = `${target}.writing`;
  rmSync(staging, { recursive: true, force: true });
  const numbers = new Map<string, number>();
  const histories: IndexedHistory[] = [];
  const types: Record<string, Partial<Record<HistoryState, number>>> = {};
  for (const recording of [...recordings].sort((a, b) => a.workflowType.localeCompare(b.workflowType))) {
    const key = `${recording.workflowType}/${recording.state}`;
    const n = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, n);
    const file = `${key}-${n}.json`;
    mkdirSync(path.join(staging, recording.workflowType), { recursive: true });
    writeFileSync(path.join(staging, file), `${recording.json}\n`);
    const { workflowType, state, workflowId, runId, scenario, events } = recording;
    histories.push({ file, workflowType, state, workflowId, runId, scenario, events, bytes: Buffer.byteLength(recording.json) + 1 });
    types[workflowType] = { ...types[workflowType], [state]: n };
  }
  const index: HistoryIndex = {
    release: meta.release,
    version: meta.version,
    commit: meta.commit,
    recordedAt: new Date().toISOString(),
    recordedWith: 'npm run histories:record',
    temporalSdk: sdkVersion(),
    durationSeconds: meta.durationSeconds,
    uncommittedWorkflowChanges: meta.dirty,
    types,
    histories,
  };
  mkdirSync(staging, { recursive: true });
  writeFileSync(path.join(staging, INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return index;
}

function sdkVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return manifest.dependencies['@temporalio/worker'] ?? 'unknown';
}

/** A path as the user reads it: relative inside the project, whole outside it. */
const shown = (file: string) => (file.startsWith(projectRoot + path.sep) ? path.relative(projectRoot, file) : file);

const kib = (bytes: number) => (bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
