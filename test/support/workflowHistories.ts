import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { History } from '@temporalio/common/lib/proto-utils';
import { type ReplayWorkerOptions, Worker } from '@temporalio/worker';
import { projectRoot } from '../../scripts/services/paths';
import { workflowModules } from '../../workers/workflowBundle';
import { historyFromJSON } from './historyJson';

/**
 * The recorded workflow histories CI replays (test/int/workflowHistories.int.test.ts), made by `npm run
 * histories:record` (scripts/recordHistories.ts): `test/histories/<release>/<workflowType>/<state>-<n>.json`, each in
 * Temporal's own JSON history format, with `index.json` beside them saying which release made them, when, and each
 * history's workflow id (histories carry none, and a workflow that names its children by its own id needs it).
 */
export const HISTORIES_DIR = path.join(projectRoot, 'test', 'histories');
export const INDEX_FILE = 'index.json';

/**
 * How the workflow stood when its history was taken: closed as completed, failed or cancelled, or `running` (still
 * waiting on a timer, a signal, a child or an activity: its history so far, after which the recorder terminated it).
 */
export type HistoryState = 'completed' | 'failed' | 'cancelled' | 'running';
export const HISTORY_STATES: readonly HistoryState[] = ['completed', 'failed', 'cancelled', 'running'];

export interface IndexedHistory {
  /** Relative to the release's folder: `<workflowType>/<state>-<n>.json`. */
  readonly file: string;
  readonly workflowType: string;
  readonly state: HistoryState;
  /** The id it ran under: replay gives it to the workflow (workflowInfo().workflowId), as the server did. */
  readonly workflowId: string;
  readonly runId: string;
  /** What was driven to make it, in a line. */
  readonly scenario: string;
  readonly events: number;
  readonly bytes: number;
}

export interface HistoryIndex {
  /** `<package.json version>-<git short hash>` of the code that made the histories. */
  readonly release: string;
  readonly version: string;
  readonly commit: string;
  readonly recordedAt: string;
  readonly recordedWith: string;
  readonly temporalSdk: string;
  readonly durationSeconds: number;
  /** Files under workflows/ that differed from the commit when recorded (allowed with --allow-dirty only). */
  readonly uncommittedWorkflowChanges: readonly string[];
  /** How many histories per workflow type and state. */
  readonly types: Record<string, Partial<Record<HistoryState, number>>>;
  readonly histories: readonly IndexedHistory[];
}

/**
 * The workflow types the bundle registers: every function exported by the modules its entry re-exports
 * (workers/workflowBundle.ts workflowModules: workflows/index and each feature's workflows/<feature>/feature).
 */
export function registeredWorkflowTypes(workflowsDir = path.join(projectRoot, 'workflows')): string[] {
  const names = new Set<string>();
  for (const module of workflowModules(workflowsDir)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(module) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) if (typeof value === 'function') names.add(name);
  }
  return [...names].sort();
}

/** The release folders under test/histories (or `dir`), oldest name first. */
export function releaseFolders(dir = HISTORIES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function readIndex(releaseDir: string): HistoryIndex | undefined {
  const file = path.join(releaseDir, INDEX_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HistoryIndex) : undefined;
}

/** Every history file of a release folder, relative to it (`<type>/<state>-<n>.json`); the index is not one. */
export function historyFiles(releaseDir: string): string[] {
  const files: string[] = [];
  for (const type of readdirSync(releaseDir, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const file of readdirSync(path.join(releaseDir, type.name))) if (file.endsWith('.json')) files.push(`${type.name}/${file}`);
  }
  return files.sort();
}

/** The workflow type a history is of: the name its first event (WorkflowExecutionStarted) carries. */
export function workflowTypeOf(history: History): string | undefined {
  return history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? undefined;
}

/**
 * Every text a history carries, its payloads decoded (a payload's data is base64 in the JSON format): what must not
 * hold a key or a signing secret.
 */
export function historyTexts(json: unknown): string[] {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.data === 'string' && record.metadata && typeof record.metadata === 'object') {
        texts.push(Buffer.from(record.data, 'base64').toString('utf8'));
      }
      Object.values(record).forEach(walk);
    }
  };
  walk(json);
  return texts;
}

/** What a key or a signing secret of this service looks like in full (a masked `apk_Ab3d…x9Zq` is not one). */
export const SECRET_PATTERNS: readonly RegExp[] = [/\bapk_[A-Za-z0-9_-]{20,}/, /\bwhsec_[A-Za-z0-9_-]{20,}/, /\bsk-[A-Za-z0-9_-]{20,}/];

/** A recorded history as the replay test reads it. */
export interface Recorded {
  /** `<release>/<type>/<state>-<n>.json`, relative to the histories folder. */
  readonly file: string;
  readonly folderType: string;
  readonly workflowType: string | undefined;
  readonly workflowId: string | undefined;
  readonly history: History;
  readonly json: unknown;
}

/** Every history of every release folder under `dir`, with what is wrong with the folders (unindexed files …). */
export function recordedHistories(dir = HISTORIES_DIR): { histories: Recorded[]; problems: string[] } {
  const histories: Recorded[] = [];
  const problems: string[] = [];
  for (const release of releaseFolders(dir)) {
    const releaseDir = path.join(dir, release);
    const index = readIndex(releaseDir);
    if (!index) problems.push(`${release}: no index.json (npm run histories:record writes one)`);
    const files = historyFiles(releaseDir);
    const indexed = new Map((index?.histories ?? []).map((h) => [h.file, h]));
    for (const file of files) {
      const entry = indexed.get(file);
      if (index && !entry) problems.push(`${release}/${file}: not in ${release}/index.json (its workflow id is needed to replay it)`);
      const json: unknown = JSON.parse(readFileSync(path.join(releaseDir, file), 'utf8'));
      const history = historyFromJSON(json);
      histories.push({
        file: `${release}/${file}`,
        folderType: file.split('/')[0]!,
        workflowType: workflowTypeOf(history),
        workflowId: entry?.workflowId,
        history,
        json,
      });
    }
    for (const entry of indexed.values()) if (!files.includes(entry.file)) problems.push(`${release}/index.json names ${entry.file}, which is not there`);
  }
  return { histories, problems };
}

/**
 * Replays recorded histories with a worker's bundle: one line per history that does not replay, naming its workflow
 * type, file, workflow id, the SDK's error and, where the error names an activity, the event it disagreed with.
 */
export async function replayRecorded(
  histories: readonly Recorded[],
  options: ReplayWorkerOptions,
  shownDir = 'test/histories',
): Promise<{ replayed: number; failures: string[] }> {
  const failures: string[] = [];
  let replayed = 0;
  const inputs = histories.map((h) => ({ workflowId: h.workflowId ?? `replay-${h.file}`, history: h.history }));
  for await (const result of Worker.runReplayHistories(options, inputs)) {
    const recorded = histories[replayed++]!;
    if (result.error) {
      const event = eventNamedBy(recorded.history, result.error.message);
      failures.push(
        `${recorded.workflowType} (${shownDir}/${recorded.file}, workflow ${recorded.workflowId}) does not replay` +
          `${event ? ` at ${event}` : ''}: ${result.error.name}: ${result.error.message}`,
      );
    }
  }
  return { replayed, failures };
}

/** The history event a nondeterminism error speaks of, when it names an activity the history scheduled: `event 5 (ActivityTaskScheduled reserveStock)`. */
function eventNamedBy(history: History, message: string): string | undefined {
  const activity = /scheduled event '([^']+)'/.exec(message)?.[1];
  if (!activity) return undefined;
  const event = history.events?.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activity);
  return event ? `event ${String(event.eventId)} (ActivityTaskScheduled ${activity})` : undefined;
}
