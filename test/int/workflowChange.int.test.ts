import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { History } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { installWorkerRuntime } from '../../workers/runtime';
import { historyFromJSON, historyToJSON } from '../support/historyJson';
import { type HistoryIndex, recordedHistories, replayRecorded } from '../support/workflowHistories';
import type { OrderSteps } from './workflowChange/orderSteps';

/**
 * What the recorded-history replay (workflowHistories.int.test.ts) is for, on a test-only workflow of four versions
 * (test/int/workflowChange/): A is released and records a history; B swaps its two activities in place, and A's
 * history no longer replays (a DeterminismViolationError naming the event); C makes the same change behind
 * patched(), replays A's history, and runs the new order when started afresh; D deprecates the patch once only C's
 * workflows are left: C's history replays, A's would not.
 */
const VERSIONS = ['A', 'B', 'C', 'D'] as const;
type Version = (typeof VERSIONS)[number];

const silent = { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} };
const bundles = new Map<Version, string>();
let env: TestWorkflowEnvironment;
const ran: string[] = [];
const steps: OrderSteps = {
  async reserveStock(order) {
    ran.push(`reserve ${order}`);
    return 'reserveStock';
  },
  async chargeCard(order) {
    ran.push(`charge ${order}`);
    return 'chargeCard';
  },
};

beforeAll(async () => {
  installWorkerRuntime('ERROR');
  env = await TestWorkflowEnvironment.createFromExistingServer({ address: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  for (const version of VERSIONS) {
    const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve(`./workflowChange/placeOrder${version}`), logger: silent });
    bundles.set(version, code);
  }
}, 120_000);
afterAll(() => env?.teardown());

/** Runs `placeOrder` of this version on the dev server to its end: its result, and its history as a recorded file holds it. */
async function run(version: Version, order: string): Promise<{ result: string[]; history: History }> {
  const taskQueue = `workflow-change-${randomBytes(6).toString('hex')}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: { code: bundles.get(version)! }, activities: steps });
  return worker.runUntil(async () => {
    const handle = await env.client.workflow.start('placeOrder', { taskQueue, workflowId: `place-order-${order}`, args: [order] });
    const result = (await handle.result()) as string[];
    // Through the JSON file format, as test/histories holds it.
    return { result, history: historyFromJSON(JSON.parse(historyToJSON(await handle.fetchHistory()))) };
  });
}

const replay = (version: Version, history: History) => Worker.runReplayHistory({ workflowBundle: { code: bundles.get(version)! } }, history, 'place-order');

describe('a change to a running workflow', () => {
  let released: History;
  beforeAll(async () => {
    const order = `a-${randomBytes(4).toString('hex')}`;
    const a = await run('A', order);
    expect(a.result).toEqual(['reserveStock', 'chargeCard']);
    released = a.history;
  });

  it('replays the released version’s own history', async () => {
    await expect(replay('A', released)).resolves.toBeUndefined();
  });

  it('made in place (B) fails the recorded-history replay CI runs, naming the workflow, its file and the event', async () => {
    // A's history committed as `npm run histories:record` writes it, then replayed as workflowHistories.int.test.ts does.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'histories-'));
    try {
      mkdirSync(path.join(dir, '1.0.0-a', 'placeOrder'), { recursive: true });
      writeFileSync(path.join(dir, '1.0.0-a', 'placeOrder', 'completed-1.json'), historyToJSON(released));
      const index: Pick<HistoryIndex, 'release' | 'histories'> = {
        release: '1.0.0-a',
        histories: [
          {
            file: 'placeOrder/completed-1.json',
            workflowType: 'placeOrder',
            state: 'completed',
            workflowId: 'place-order',
            runId: '',
            scenario: 'A',
            events: 0,
            bytes: 0,
          },
        ],
      };
      writeFileSync(path.join(dir, '1.0.0-a', 'index.json'), JSON.stringify(index));
      const { histories, problems } = recordedHistories(dir);
      expect(problems).toEqual([]);
      const broken = await replayRecorded(histories, { workflowBundle: { code: bundles.get('B')! } });
      expect(broken.replayed).toBe(1);
      expect(broken.failures).toHaveLength(1);
      expect(broken.failures[0]).toMatch(
        /^placeOrder \(test\/histories\/1\.0\.0-a\/placeOrder\/completed-1\.json, workflow place-order\) does not replay at event \d+ \(ActivityTaskScheduled reserveStock\): DeterminismViolationError: .*'reserveStock'.*'chargeCard'/,
      );
      // The same change behind patched() passes it.
      expect(await replayRecorded(histories, { workflowBundle: { code: bundles.get('C')! } })).toEqual({ replayed: 1, failures: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('made in place (B: two activities swapped) fails the replay of a history A recorded, naming the event', async () => {
    const failure = await replay('B', released).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DeterminismViolationError);
    // The SDK names what the history holds and what the code asked for at that event.
    expect((failure as Error).message).toMatch(/reserveStock/);
    expect((failure as Error).message).toMatch(/chargeCard/);
  });

  it('made behind patched() (C) replays A’s history, and a workflow started afresh takes the new order', async () => {
    await expect(replay('C', released)).resolves.toBeUndefined();
    const order = `c-${randomBytes(4).toString('hex')}`;
    const c = await run('C', order);
    expect(c.result).toEqual(['chargeCard', 'reserveStock']);
    expect(ran.filter((line) => line.endsWith(order))).toEqual([`charge ${order}`, `reserve ${order}`]);
    // The patch is recorded as a marker in the new workflow's history.
    expect((c.history.events ?? []).some((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')).toBe(true);
    // Then, once every workflow left running is C's, D deprecates the patch: C's history replays, A's no longer would.
    await expect(replay('D', c.history)).resolves.toBeUndefined();
    await expect(replay('D', released)).rejects.toBeInstanceOf(DeterminismViolationError);
  });
});
