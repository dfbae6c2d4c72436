import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import { historyToJSON } from '../../test/support/historyJson';
import { type HistoryState, historyTexts, SECRET_PATTERNS, workflowTypeOf } from '../../test/support/workflowHistories';

type Events = NonNullable<History['events']>;
type Event = Events[number];

/** One history taken, before it is written: what it is of, how it stood, and what made it. */
export interface Recording {
  readonly workflowType: string;
  readonly state: HistoryState;
  readonly workflowId: string;
  readonly runId: string;
  readonly scenario: string;
  readonly json: string;
  readonly events: number;
}

export interface Expected {
  readonly type: string;
  /** What was driven, in a line (it goes into the index). */
  readonly scenario: string;
}

const CLOSED_STATES: Record<string, HistoryState | undefined> = { COMPLETED: 'completed', FAILED: 'failed', CANCELED: 'cancelled', CANCELLED: 'cancelled' };
const TERMINATION_REASON = 'recorded for the replay tests (npm run histories:record): left running no longer';

/**
 * Takes workflow histories from the server for the replay tests, checking each is of the type and in the state its
 * scenario meant, holds none of the run's secrets, and is not large; a scenario that goes wrong is reported, not fatal.
 */
export class HistoryRecorder {
  readonly recordings: Recording[] = [];
  readonly problems: string[] = [];
  private readonly secrets = new Set<string>();

  constructor(private readonly say: (line: string) => void) {}

  /** Values of this run that must appear in no history (keys, tokens, signing secrets). */
  secret(...values: (string | undefined | null)[]): void {
    for (const value of values) if (value && value.length >= 8) this.secrets.add(value);
  }

  /** Runs one scenario; a failure is reported and the next goes on. */
  async step(name: string, work: () => Promise<void>): Promise<void> {
    const started = Date.now();
    try {
      await work();
      this.say(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.problems.push(`${name}: ${message}`);
      this.say(`  ✗ ${name}: ${message}`);
    }
  }

  /** Waits for the workflow to close in `state`, then takes its whole history. */
  async closed(
    client: Client,
    workflowId: string,
    state: Exclude<HistoryState, 'running'>,
    expected: Expected,
    runId?: string,
    timeoutMs = 90_000,
  ): Promise<void> {
    const handle = client.workflow.getHandle(workflowId, runId);
    const description = await poll(`${workflowId} to close`, timeoutMs, async () => {
      const described = await handle.describe().catch(() => undefined);
      return described && described.status.name !== 'RUNNING' ? described : undefined;
    });
    const closedAs = CLOSED_STATES[description.status.name];
    if (closedAs !== state) throw new Error(`${workflowId} closed ${description.status.name}, not ${state}`);
    this.add(await handle.fetchHistory(), { ...expected, state, workflowId, runId: description.runId });
  }

  /**
   * Waits until the running workflow's history shows what it is waiting on (`until`) with no workflow task in flight,
   * takes its history so far, then terminates it (unless `keepRunning`: a scenario that goes on to close it).
   */
  async waiting(
    client: Client,
    workflowId: string,
    until: (events: Events) => boolean,
    expected: Expected,
    options: { keepRunning?: boolean; timeoutMs?: number; runId?: string } = {},
  ): Promise<void> {
    const handle = client.workflow.getHandle(workflowId, options.runId);
    const history = await poll(`${workflowId} to wait (${expected.scenario})`, options.timeoutMs ?? 90_000, async () => {
      const taken = await handle.fetchHistory().catch(() => undefined);
      const events = taken?.events ?? [];
      if (events.some(isClose)) throw new Error(`${workflowId} closed before it was recorded waiting`);
      const last = events.at(-1);
      if (!last || last.workflowTaskScheduledEventAttributes || last.workflowTaskStartedEventAttributes) return undefined;
      return until(events) ? taken : undefined;
    });
    const { runId } = await handle.describe();
    this.add(history, { ...expected, state: 'running', workflowId, runId });
    if (!options.keepRunning) await handle.terminate(TERMINATION_REASON).catch(() => undefined);
  }

  /** The executions visibility finds for a query (`TaskQueue = "…" AND WorkflowType = "…"`), once there are `atLeast`. */
  async find(client: Client, query: string, atLeast = 1, timeoutMs = 60_000): Promise<WorkflowExecutionInfo[]> {
    return poll(`${atLeast} workflow(s) where ${query}`, timeoutMs, async () => {
      const found: WorkflowExecutionInfo[] = [];
      for await (const execution of client.workflow.list({ query })) found.push(execution);
      return found.length >= atLeast ? found.sort((a, b) => a.startTime.getTime() - b.startTime.getTime()) : undefined;
    });
  }

  /** Terminates whatever a service left running on its task queue, so nothing it started waits on the shared server. */
  async sweep(client: Client, taskQueue: string): Promise<number> {
    let ended = 0;
    for await (const execution of client.workflow.list({ query: `TaskQueue = "${taskQueue}" AND ExecutionStatus = "Running"` })) {
      await client.workflow
        .getHandle(execution.workflowId, execution.runId)
        .terminate(TERMINATION_REASON)
        .then(() => ended++)
        .catch(() => undefined);
    }
    return ended;
  }

  private add(history: History, recording: Omit<Recording, 'json' | 'events' | 'workflowType'> & { type: string }): void {
    const type = workflowTypeOf(history);
    if (type !== recording.type) throw new Error(`${recording.workflowId} is a ${type ?? 'history without a start'}, not a ${recording.type}`);
    const json = historyToJSON(history);
    const texts = historyTexts(JSON.parse(json));
    const leaked = [...this.secrets].filter((secret) => texts.some((text) => text.includes(secret)));
    const shaped = SECRET_PATTERNS.filter((pattern) => texts.some((text) => pattern.test(text)));
    if (leaked.length || shaped.length) {
      throw new Error(
        `${recording.workflowId}'s history holds a secret (${[...leaked.map((s) => `${s.slice(0, 6)}…`), ...shaped.map(String)].join(', ')}): not written`,
      );
    }
    const events = history.events?.length ?? 0;
    const { type: _type, ...rest } = recording;
    this.recordings.push({ ...rest, workflowType: type, json, events });
    const size = Buffer.byteLength(json);
    this.say(`    recorded ${type} ${recording.state} (${events} events, ${(size / 1024).toFixed(1)} KiB): ${recording.scenario}`);
  }
}

function isClose(event: Event): boolean {
  return Boolean(
    event.workflowExecutionCompletedEventAttributes ||
    event.workflowExecutionFailedEventAttributes ||
    event.workflowExecutionCanceledEventAttributes ||
    event.workflowExecutionTerminatedEventAttributes ||
    event.workflowExecutionTimedOutEventAttributes ||
    event.workflowExecutionContinuedAsNewEventAttributes,
  );
}

/** Polls until `check` gives a value; an error it throws ends the wait at once. */
export async function poll<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, intervalMs = 150): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** What a running workflow's history shows it waiting on. */
export const waitingOn = {
  /** A durable timer started and not yet fired (a sleep, a back-off, a condition's time-out). */
  timer: (events: Events, atLeast = 1) => {
    const started = events.filter((e) => e.timerStartedEventAttributes).length;
    const ended = events.filter((e) => e.timerFiredEventAttributes || e.timerCanceledEventAttributes).length;
    return started >= atLeast && started > ended;
  },
  /** An activity of this type scheduled and not yet ended (a slow model, a settlement being retried). */
  activity: (events: Events, name: string) => {
    const scheduled = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === name).length;
    const ended = events.filter(
      (e) =>
        e.activityTaskCompletedEventAttributes ||
        e.activityTaskFailedEventAttributes ||
        e.activityTaskTimedOutEventAttributes ||
        e.activityTaskCanceledEventAttributes,
    ).length;
    return scheduled > 0 && events.filter((e) => e.activityTaskScheduledEventAttributes).length > ended;
  },
  /** A child workflow started and not yet closed. */
  child: (events: Events) => {
    const started = events.filter((e) => e.childWorkflowExecutionStartedEventAttributes).length;
    const closed = events.filter(
      (e) =>
        e.childWorkflowExecutionCompletedEventAttributes ||
        e.childWorkflowExecutionFailedEventAttributes ||
        e.childWorkflowExecutionCanceledEventAttributes ||
        e.childWorkflowExecutionTerminatedEventAttributes ||
        e.childWorkflowExecutionTimedOutEventAttributes,
    ).length;
    return started > closed;
  },
};
