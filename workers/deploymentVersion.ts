import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { WorkerDeploymentOptions } from '@temporalio/worker';

/**
 * The workers' Worker Deployment Version (Temporal's Worker Deployment Versioning): the deployment they join
 * (WORKER_DEPLOYMENT_NAME) and their build id (WORKER_BUILD_ID, else the release). Which workflow types stay on the
 * version they started on and which move to the current one is workflows/versioning.ts; the upgrade procedure is the
 * docs/operating.md's "Upgrading".
 */
export interface DeploymentSettings {
  readonly workerVersioning: boolean;
  readonly workerDeploymentName: string;
  readonly workerBuildId: string;
  readonly workerVersionRollout: string;
}

export type Rollout = 'immediate' | 'manual';

const projectRoot = path.resolve(__dirname, '..');

/**
 * The release's build id: `<package.json version>-<git commit, 12 digits>`; where there is no git (a built image), the
 * version and a digest of the workflow bundle the worker loads (what decides whether two workers' workflows agree).
 */
export function releaseBuildId(options: { root?: string; bundleCode?: () => string | undefined } = {}): string {
  const root = options.root ?? projectRoot;
  const { version } = JSON.parse(readFileSync(findPackageJson(root), 'utf8')) as { version: string };
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = undefined;
  }
  if (commit) return `${version}-${commit}`;
  const code = options.bundleCode?.();
  return code ? `${version}-bundle.${createHash('sha256').update(code).digest('hex').slice(0, 12)}` : version;
}

function findPackageJson(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
    }
  }
}

export function parseRollout(value: string): Rollout {
  if (value === 'immediate' || value === 'manual') return value;
  throw new Error(`WORKER_VERSION_ROLLOUT must be immediate or manual, not "${value}"`);
}

/** The worker's deployment options, or undefined when versioning is off (an unversioned worker, as before). */
export function workerDeployment(settings: DeploymentSettings, bundleCode?: () => string | undefined): WorkerDeploymentOptions | undefined {
  if (!settings.workerVersioning) return undefined;
  parseRollout(settings.workerVersionRollout);
  const name = settings.workerDeploymentName.trim();
  if (!name) throw new Error('WORKER_DEPLOYMENT_NAME is empty: name the deployment, or set WORKER_VERSIONING=false');
  const buildId = settings.workerBuildId.trim() || releaseBuildId({ bundleCode });
  return {
    version: { deploymentName: name, buildId },
    useWorkerVersioning: true,
    // Every workflow type carries its own behavior (workflows/versioning.ts, applied in the bundle); this is only the
    // SDK's required fallback, the behavior an unversioned workflow has.
    defaultVersioningBehavior: 'AUTO_UPGRADE',
  };
}

export const versionName = (version: WorkerDeploymentVersion) => `${version.deploymentName}:${version.buildId}`;

interface DeploymentState {
  readonly current: WorkerDeploymentVersion | undefined;
  readonly versions: readonly WorkerDeploymentVersion[];
  readonly conflictToken: Uint8Array | null | undefined;
}

async function describeDeployment(client: Client, deploymentName: string): Promise<DeploymentState | undefined> {
  try {
    const { workerDeploymentInfo: info, conflictToken } = await client.workflowService.describeWorkerDeployment({
      namespace: client.options.namespace,
      deploymentName,
    });
    const current = info?.routingConfig?.currentDeploymentVersion;
    return {
      current: current?.buildId ? { deploymentName: current.deploymentName ?? deploymentName, buildId: current.buildId } : undefined,
      versions: (info?.versionSummaries ?? [])
        .map((summary) => summary.deploymentVersion)
        .filter((v): v is { deploymentName: string; buildId: string } => Boolean(v?.buildId))
        .map((v) => ({ deploymentName: v.deploymentName ?? deploymentName, buildId: v.buildId })),
      conflictToken,
    };
  } catch (error) {
    // The deployment exists once a versioned worker of it has polled.
    if ((error as { code?: number }).code === 5) return undefined;
    throw error;
  }
}

/** What became of the worker's version at its start. */
export type Promotion =
  | {
      readonly outcome: 'made-current';
      readonly previous: WorkerDeploymentVersion | undefined;
      /** Running workflows pinned to a version no worker polls any more, moved to this one (immediate rollouts). */
      readonly moved: number;
      /** Whether the server confirmed the routing reached every task queue within the wait (it goes on either way). */
      readonly propagated: boolean;
    }
  | { readonly outcome: 'already-current' }
  | { readonly outcome: 'waiting'; readonly current: WorkerDeploymentVersion };

/**
 * Run once the worker polls: registers nothing itself (a polling worker registers its version), waits for the
 * version to be listed, then makes it current when the rollout is `immediate`, or when the deployment has no current
 * version yet (its first deploy: otherwise nothing would take new workflows). A `manual` rollout leaves a later
 * version waiting for the operator (docs/operating.md, "Upgrading").
 *
 * With `immediate` (one host, where the old version's workers are gone once this one runs), running workflows pinned
 * to another version of the deployment are moved to this one (an auto-upgrade override): a call that was in flight
 * when the stack restarted on a new release would otherwise wait for a worker that will not come back.
 */
export async function promoteAtStart(
  client: Client,
  version: WorkerDeploymentVersion,
  options: { rollout: Rollout; taskQueue: string; identity?: string; timeoutMs?: number; propagationTimeoutMs?: number },
): Promise<Promotion> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let state: DeploymentState | undefined;
  for (;;) {
    state = await describeDeployment(client, version.deploymentName);
    if (state?.versions.some((v) => v.buildId === version.buildId)) break;
    if (Date.now() > deadline) throw new Error(`the worker's version ${versionName(version)} was not registered by Temporal in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (state.current?.buildId === version.buildId) return { outcome: 'already-current' };
  if (options.rollout === 'manual' && state.current) return { outcome: 'waiting', current: state.current };
  let propagated: boolean;
  try {
    propagated = await makeCurrent(client, version, {
      conflictToken: state.conflictToken,
      identity: options.identity,
      ...(options.propagationTimeoutMs !== undefined ? { propagationTimeoutMs: options.propagationTimeoutMs } : {}),
    });
  } catch (error) {
    // Another worker of the same release (the API's embedded one, a second replica) may have made it current first,
    // and changed the deployment's conflict token meanwhile.
    if ((await describeDeployment(client, version.deploymentName))?.current?.buildId === version.buildId) return { outcome: 'already-current' };
    throw error;
  }
  const moved = options.rollout === 'immediate' ? await moveStrandedPinned(client, version, options.taskQueue) : 0;
  return { outcome: 'made-current', previous: state.current, moved, propagated };
}

/**
 * Makes a version current, as an operator's `temporal worker deployment set-current-version` does: new workflows of
 * every task queue of the deployment start on it, auto-upgrade ones move to it, pinned ones stay where they are.
 */
export async function makeCurrent(
  client: Client,
  version: WorkerDeploymentVersion,
  options: { conflictToken?: Uint8Array | null; identity?: string; propagationTimeoutMs?: number } = {},
): Promise<boolean> {
  await client.workflowService.setWorkerDeploymentCurrentVersion({
    namespace: client.options.namespace,
    deploymentName: version.deploymentName,
    buildId: version.buildId,
    conflictToken: options.conflictToken ?? null,
    identity: options.identity ?? 'toolgate-worker',
    // An earlier version may have polled task queues this one does not (a renamed TEMPORAL_TASK_QUEUE, a test's).
    ignoreMissingTaskQueues: true,
  });
  // The server answers before the new routing has reached every task queue partition; until then a task may still go
  // to the previous version. Waits (bounded) until the server says the change is everywhere: true if it did.
  const deadline = Date.now() + (options.propagationTimeoutMs ?? 30_000);
  for (;;) {
    const { workerDeploymentInfo: info } = await client.workflowService.describeWorkerDeployment({
      namespace: client.options.namespace,
      deploymentName: version.deploymentName,
    });
    const propagating = info?.routingConfigUpdateState === temporal.api.enums.v1.RoutingConfigUpdateState.ROUTING_CONFIG_UPDATE_STATE_IN_PROGRESS;
    if (info?.routingConfig?.currentDeploymentVersion?.buildId === version.buildId && !propagating) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Moves the running workflows of this task queue pinned to another version of the deployment to auto-upgrade: they go
 * on on the current version's workers, which replay their histories (the recorded-history replay in CI is what says
 * they can). Only for `immediate` rollouts, where no worker of an older version is left to finish them.
 */
export async function moveStrandedPinned(client: Client, version: WorkerDeploymentVersion, taskQueue: string): Promise<number> {
  const query =
    `TaskQueue = "${taskQueue}" AND ExecutionStatus = "Running" AND TemporalWorkflowVersioningBehavior = "Pinned" ` +
    `AND TemporalWorkerDeployment = "${version.deploymentName}" AND TemporalWorkerDeploymentVersion != "${versionName(version)}"`;
  let moved = 0;
  for await (const execution of client.workflow.list({ query })) {
    await client.workflowService.updateWorkflowExecutionOptions({
      namespace: client.options.namespace,
      workflowExecution: { workflowId: execution.workflowId, runId: execution.runId },
      workflowExecutionOptions: { versioningOverride: { autoUpgrade: true } },
      updateMask: { paths: ['versioning_override'] },
    });
    moved++;
  }
  return moved;
}

/**
 * The deployment options of a worker of this service (from its settings), and what to run once it polls: the
 * promotion of its version per WORKER_VERSION_ROLLOUT, logged.
 */
export function serviceDeployment(
  settings: DeploymentSettings & { readonly taskQueue: string },
  log: (fields: Record<string, unknown>, line: string) => void,
): { options: WorkerDeploymentOptions | undefined; promote(client: Client): Promise<void> } {
  const options = workerDeployment(settings, () => {
    const bundle = process.env.WORKFLOW_BUNDLE_PATH;
    return bundle ? readFileSync(bundle, 'utf8') : undefined;
  });
  return {
    options,
    async promote(client) {
      if (!options) return;
      const version = options.version;
      const rollout = parseRollout(settings.workerVersionRollout);
      try {
        const promotion = await promoteAtStart(client, version, { rollout, taskQueue: settings.taskQueue });
        const fields = { version: versionName(version), rollout, ...promotion };
        if (promotion.outcome === 'waiting')
          log(fields, `worker version ${versionName(version)} waits: ${versionName(promotion.current)} is current until an operator ramps or promotes it`);
        else log(fields, `worker version ${versionName(version)} is current`);
      } catch (error) {
        // The worker runs either way (its version takes what is routed to it); new workflows may wait until it is current.
        log({ err: error, version: versionName(version) }, `could not make worker version ${versionName(version)} current`);
      }
    },
  };
}
