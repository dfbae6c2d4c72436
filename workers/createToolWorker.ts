import { existsSync } from 'node:fs';
import path from 'node:path';
import { type InjectedSinks, type NativeConnection, Worker, type WorkerDeploymentOptions, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities/createActivities';
import type { Tracing } from '../core/tracing/tracing';
import type { CallEnd, CallSinks } from '../schema/calls';
import { workerTracing } from './tracing/workerTracing';
import { bundleWorkflows } from './workflowBundle';

export interface ToolWorkerOptions {
  readonly connection: NativeConnection;
  readonly namespace: string;
  readonly taskQueue: string;
  readonly activities: Activities;
  /** Told how each call this worker ran ended (the embedded worker answers its API with it); ignored otherwise. */
  readonly onCallEnded?: (callId: string, end: CallEnd) => void;
  /** A prebuilt workflow bundle (tests build one for all); otherwise the workflows are bundled at start. */
  readonly workflowBundlePath?: string;
  /** With tracing on, the worker's workflows and activities join each call's trace (workers/tracing/workerTracing.ts). */
  readonly tracing?: Tracing | null;
  /** Its Worker Deployment Version (workers/deploymentVersion.ts), when versioning is on; unversioned otherwise. */
  readonly deployment?: WorkerDeploymentOptions;
  readonly tuning?: Partial<
    Pick<
      WorkerOptions,
      'maxConcurrentWorkflowTaskExecutions' | 'maxConcurrentActivityTaskExecutions' | 'maxConcurrentLocalActivityExecutions' | 'maxCachedWorkflows' | 'identity'
    >
  >;
}

/** Where `npm run build` leaves the pre-bundled workflows: dist/workflow-bundle.js, beside the compiled workers/. */
const BUILT_BUNDLE = path.resolve(__dirname, '..', 'workflow-bundle.js');

/**
 * The prebuilt workflow bundle a worker loads, if any: the one asked for (WORKFLOW_BUNDLE_PATH, tests), else the
 * build's. Without one (development, tsx) the workflows are bundled from source at start, which takes seconds.
 */
export function prebuiltWorkflowBundle(explicit = process.env.WORKFLOW_BUNDLE_PATH): string | undefined {
  if (explicit) return explicit;
  return existsSync(BUILT_BUNDLE) ? BUILT_BUNDLE : undefined;
}

/** The worker for tool calls: their workflows, their ledger and tool activities, one task queue. */
export async function createToolWorker(options: ToolWorkerOptions): Promise<Worker> {
  const traced = options.tracing ? workerTracing(options.tracing) : undefined;
  // The prebuilt bundle has no tracing interceptors: a traced worker bundles its workflows with them at start.
  const bundlePath = traced ? undefined : prebuiltWorkflowBundle(options.workflowBundlePath);
  const workflowBundle = bundlePath
    ? { codePath: bundlePath }
    : { code: await bundleWorkflows(path.resolve(__dirname, '..', 'workflows'), undefined, traced?.interceptors.workflowModules) };
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: options.activities,
    sinks: { ...callSinks(options.onCallEnded), ...traced?.sinks },
    // The workflow interceptors are in the bundle; the worker takes the activities'.
    ...(traced ? { interceptors: { activity: traced.interceptors.activity } } : {}),
    workflowBundle,
    ...(options.deployment ? { workerDeploymentOptions: options.deployment } : {}),
    // Tool-call workflows finish within one or two tasks; a large cache only holds memory.
    maxCachedWorkflows: 200,
    maxConcurrentWorkflowTaskExecutions: 100,
    maxConcurrentLocalActivityExecutions: 100,
    maxConcurrentActivityTaskExecutions: 100,
    shutdownGraceTime: '10s',
    // After the grace, running activities are cancelled; one that does not end within as long again no longer holds
    // the stop (run() rejects, and the attempt times out on the server to be retried elsewhere).
    shutdownForceTime: '20s',
    ...options.tuning,
  });
}

export function callSinks(onCallEnded: ToolWorkerOptions['onCallEnded']): InjectedSinks<CallSinks> {
  return { calls: { ended: { fn: (_info, callId, end) => onCallEnded?.(callId, end) } } };
}
