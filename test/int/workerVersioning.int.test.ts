import { randomBytes } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { makeCurrent, promoteAtStart, versionName, workerDeployment } from '../../workers/deploymentVersion';
import { installWorkerRuntime } from '../../workers/runtime';
import { poll } from '../../scripts/histories/recorder';
import type { VersionSteps } from './workerVersioning/steps';

/**
 * Worker Deployment Versioning on the real dev server, as a deploy goes (docs/operating.md, "Upgrading"): release A's workers run
 * a short pinned workflow and a long auto-upgrade one; release B's workers come up beside them with both changed
 * (the long one behind patched()) and are promoted. The pinned workflow finishes on A with A's code, the long one
 * moves to B and finishes correctly there, and new workflows start on B. Then a third release, made current by its
 * worker at start with the `immediate` rollout of a one-host deploy, takes over a pinned workflow of a version whose
 * workers are gone.
 */
const PREFIX = 'toolgate-versioning-test';
const run = randomBytes(4).toString('hex');
// A deployment of its own per run: the server tracks a routing change's propagation deployment-wide, and one left
// unfinished by an earlier run's vanished workers would hold every later change's.
const DEPLOYMENT = `${PREFIX}-${run}`;
const taskQueue = `worker-versioning-${run}`;
const silent = { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} };

let env: TestWorkflowEnvironment;
const bundles: Record<'A' | 'B', string> = { A: '', B: '' };
const ran: string[] = [];
const steps: VersionSteps = {
  async step(name) {
    ran.push(name);
    return name;
  },
};

beforeAll(async () => {
  installWorkerRuntime('ERROR');
  env = await TestWorkflowEnvironment.createFromExistingServer({ address: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  await removeEarlierRuns();
  for (const release of ['A', 'B'] as const) {
    bundles[release] = (await bundleWorkflowCode({ workflowsPath: require.resolve(`./workerVersioning/release${release}`), logger: silent })).code;
  }
}, 120_000);
afterAll(() => env?.teardown());

/**
 * Deletes the deployments earlier runs left (a namespace holds at most 100): those older than the server's poller
 * memory (5 minutes), whose versions no worker polls any more. Best effort: one that cannot go yet goes next time.
 */
async function removeEarlierRuns(): Promise<void> {
  const { workflowService } = env.client;
  const namespace = env.client.options.namespace;
  const { workerDeployments } = await workflowService.listWorkerDeployments({ namespace, pageSize: 100 });
  const cutoff = Date.now() - 10 * 60_000;
  for (const deployment of workerDeployments ?? []) {
    const created = Number(deployment.createTime?.seconds ?? 0) * 1000;
    if (!deployment.name?.startsWith(PREFIX) || created > cutoff) continue;
    const { workerDeploymentInfo } = await workflowService.describeWorkerDeployment({ namespace, deploymentName: deployment.name });
    for (const summary of workerDeploymentInfo?.versionSummaries ?? []) {
      await workflowService
        .deleteWorkerDeploymentVersion({ namespace, deploymentVersion: summary.deploymentVersion, skipDrainage: true })
        .catch(() => undefined);
    }
    await workflowService.deleteWorkerDeployment({ namespace, deploymentName: deployment.name }).catch(() => undefined);
  }
}

/** A worker of a release, versioned as the service's are (workers/deploymentVersion.ts), running until stopped. */
async function startWorker(release: 'A' | 'B', buildId: string): Promise<{ version: WorkerDeploymentVersion; stop(): Promise<void> }> {
  const deployment = workerDeployment({ workerVersioning: true, workerDeploymentName: DEPLOYMENT, workerBuildId: buildId, workerVersionRollout: 'manual' })!;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { code: bundles[release] },
    activities: steps,
    workerDeploymentOptions: deployment,
  });
  const running = worker.run();
  return {
    version: deployment.version,
    async stop() {
      worker.shutdown();
      await running;
    },
  };
}

/** The version a workflow's last task ran on, and its behavior, as the server records them. */
async function versioningOf(handle: WorkflowHandle): Promise<{ buildId: string | undefined; behavior: string | undefined }> {
  const info = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
  const behaviors: Record<number, string> = { 1: 'PINNED', 2: 'AUTO_UPGRADE' };
  return { buildId: info?.deploymentVersion?.buildId ?? undefined, behavior: info?.behavior ? behaviors[info.behavior] : undefined };
}

/** Waits until the workflow's history shows `count` completed activities and no workflow task pending: it is waiting on its signal. */
async function waitingForSignal(handle: WorkflowHandle, count: number): Promise<void> {
  await poll(`${handle.workflowId} to wait for its signal`, 60_000, async () => {
    const events = (await handle.fetchHistory()).events ?? [];
    const last = events.at(-1);
    const done = events.filter((e) => e.activityTaskCompletedEventAttributes).length;
    return done >= count && last?.workflowTaskCompletedEventAttributes ? true : undefined;
  });
}

const start = (type: 'shortCall' | 'longLoop', name: string) =>
  env.client.workflow.start(type, { taskQueue, workflowId: `${name}-${run}`, workflowExecutionTimeout: '5 minutes' });

describe('a deploy under Worker Deployment Versioning', () => {
  it('keeps pinned workflows on their release, moves auto-upgrade ones through patched(), starts new ones on the new release', async () => {
    const a = await startWorker('A', `A-${run}`);
    let b: Awaited<ReturnType<typeof startWorker>> | undefined;
    let c: Awaited<ReturnType<typeof startWorker>> | undefined;
    try {
      // Release A's first worker: the deployment's current version (immediate, as one host's start does).
      expect(await promoteAtStart(env.client, a.version, { rollout: 'immediate', taskQueue })).toEqual({
        outcome: 'made-current',
        previous: undefined,
        moved: 0,
        propagated: true,
      });
      const pinned = await start('shortCall', 'short-on-a');
      const long = await start('longLoop', 'long-on-a');
      await waitingForSignal(pinned, 1);
      await waitingForSignal(long, 1);
      expect(await versioningOf(pinned)).toEqual({ buildId: a.version.buildId, behavior: 'PINNED' });
      expect(await versioningOf(long)).toEqual({ buildId: a.version.buildId, behavior: 'AUTO_UPGRADE' });

      // Release B deployed beside A: with a manual rollout it waits for the operator, then is promoted.
      b = await startWorker('B', `B-${run}`);
      const waiting = await promoteAtStart(env.client, b.version, { rollout: 'manual', taskQueue });
      expect(waiting).toEqual({ outcome: 'waiting', current: a.version });
      // As `temporal worker deployment set-current-version` does; the routing reaches the task queue before the signals.
      expect(await makeCurrent(env.client, b.version)).toBe(true);

      await pinned.signal('go');
      await long.signal('go');
      // The pinned workflow finished on A with A's code; the long one went on to B, which replayed its history (the
      // patched() step skipped) and finished it.
      expect(await pinned.result()).toBe('finished by release A');
      expect(await versioningOf(pinned)).toEqual({ buildId: a.version.buildId, behavior: 'PINNED' });
      expect(await long.result()).toEqual(['first', 'second', 'release B']);
      expect((await versioningOf(long)).buildId).toBe(b.version.buildId);
      const longEvents = (await long.fetchHistory()).events ?? [];
      expect(longEvents.some((e) => e.workflowTaskFailedEventAttributes)).toBe(false);

      // New workflows start on B and run B's code.
      const newPinned = await start('shortCall', 'short-on-b');
      const newLong = await start('longLoop', 'long-on-b');
      await waitingForSignal(newLong, 2);
      await newPinned.signal('go');
      await newLong.signal('go');
      expect(await newPinned.result()).toBe('finished by release B');
      expect(await newLong.result()).toEqual(['stamp', 'first', 'second', 'release B']);
      expect(await versioningOf(newPinned)).toEqual({ buildId: b.version.buildId, behavior: 'PINNED' });
      expect(await versioningOf(newLong)).toEqual({ buildId: b.version.buildId, behavior: 'AUTO_UPGRADE' });

      // A one-host restart onto a new release: B's workers are gone with a pinned workflow of theirs still running. The
      // new worker's immediate rollout makes its version current and moves that workflow to it.
      const stranded = await start('shortCall', 'short-stranded');
      await waitingForSignal(stranded, 1);
      await a.stop();
      await b.stop();
      b = undefined;
      // Visibility has to know the workflow's version before the move can find it.
      await poll('visibility to list the stranded workflow with its version', 30_000, async () => {
        const query = `WorkflowId = "${stranded.workflowId}" AND TemporalWorkerDeploymentVersion = "${versionName({ deploymentName: DEPLOYMENT, buildId: `B-${run}` })}"`;
        for await (const found of env.client.workflow.list({ query })) return found ? true : undefined;
        return undefined;
      });
      c = await startWorker('B', `C-${run}`);
      // The dev server beside the whole suite once took over the 30 s default to confirm the routing everywhere.
      const promotion = await promoteAtStart(env.client, c.version, { rollout: 'immediate', taskQueue, propagationTimeoutMs: 120_000 });
      expect(promotion).toEqual({ outcome: 'made-current', previous: { deploymentName: DEPLOYMENT, buildId: `B-${run}` }, moved: 1, propagated: true });
      await stranded.signal('go');
      expect(await stranded.result()).toBe('finished by release B');
      expect((await versioningOf(stranded)).buildId).toBe(c.version.buildId);
    } finally {
      await Promise.allSettled([a.stop(), b?.stop(), c?.stop()]);
    }
  }, 180_000);

  it('leaves an unversioned worker (WORKER_VERSIONING=false) running the same workflows, with no behavior declared', async () => {
    const queue = `unversioned-${run}`;
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue: queue, workflowBundle: { code: bundles.A }, activities: steps });
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.start('shortCall', { taskQueue: queue, workflowId: `unversioned-${run}` });
      await waitingForSignal(handle, 1);
      await handle.signal('go');
      expect(await handle.result()).toBe('finished by release A');
      expect(await versioningOf(handle)).toEqual({ buildId: undefined, behavior: undefined });
    });
  });
});
