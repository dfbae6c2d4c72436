import type { VersioningBehavior } from '@temporalio/common';
import { setWorkflowOptions, workflowInfo } from '@temporalio/workflow';

/**
 * How each workflow type meets a deploy under Worker Deployment Versioning (docs/operating.md, "Upgrading"; the workers'
 * version: workers/deploymentVersion.ts). The bundle's entry applies it to every workflow it exports
 * (workers/workflowBundle.ts), and a workflow type missing here stops the bundle from being built: each new type
 * chooses.
 *
 * - PINNED: the workflow finishes on the worker version it started on, so no change to its code ever meets a
 *   history it did not make. For what ends within minutes: the old version's workers stay up until these drain.
 * - AUTO_UPGRADE: the workflow moves to the current version at its next workflow task. For what waits hours or
 *   months on timers and signals, which would otherwise hold an old version's workers up as long: a change to its
 *   code goes behind patched() (or into its next run, through continue-as-new), and the recorded histories'
 *   replay (test/int/workflowHistories.int.test.ts) is what checks that it can take the running ones over.
 */
export const VERSIONING_BEHAVIORS: Readonly<Record<string, VersioningBehavior>> = {
  // A call: reserve, run, settle, in seconds (an orchestration or a custom agent's loop: minutes). Money moves in it,
  // so it ends on the code that reserved. Its rare long tail (an x402 settlement retried while the chain is down, up
  // to a day) keeps the old version polled that long, or is moved by the operator (docs/operating.md, "Upgrading").
  toolCall: 'PINNED',
  // Waits on its child call, then records and hands the callback to a delivery of its own: as long as a call.
  asyncJob: 'PINNED',
  // Buying credit: a settlement on chain, seconds; pinned like the call it resembles (its long tail too).
  creditPurchase: 'PINNED',
  // One scheduled or event run of a custom agent: its call (the agent loop), then its record: minutes.
  customAgentRun: 'PINNED',
  // One page of inboxes after another, in one go.
  broadcastFanOut: 'PINNED',
  // An import and a probe of each API found; started by an operator, done within its probes' time-outs.
  catalogDiscovery: 'PINNED',
  // The housekeeping schedules' purges and the embedding of written rows: one or two activities each.
  purgeExpiredAnswers: 'PINNED',
  purgeExpiredRelayEvents: 'PINNED',
  searchVectors: 'PINNED',
  searchQueryVector: 'PINNED',
  // The audit log's checkpoint schedule: one activity.
  issueLogCheckpoint: 'PINNED',

  // An agent's event trigger lives as long as events keep coming (idle 10 minutes, a new run every 100 events through
  // continue-as-new): months for a busy agent. It upgrades; its changes go behind patched() or into the next run.
  customAgentTrigger: 'AUTO_UPGRADE',
  // A delivery retries on back-off timers for its whole retry window (WEBHOOK_RETRY_WINDOW_SECONDS: three days by default).
  webhookDelivery: 'AUTO_UPGRADE',
  // A claim's timer: TASK_CLAIM_SECONDS (an hour by default), then the task opens again.
  taskClaimExpiry: 'AUTO_UPGRADE',
  // A crawl waits out each site's Crawl-delay between pages: hours for a large site.
  websiteCrawl: 'AUTO_UPGRADE',
  // A scraping platform's run is polled on a timer until it ends or APIFY_RUN_TIMEOUT_SECONDS pass (5 minutes by
  // default, set hours for large scrapes).
  actorRun: 'AUTO_UPGRADE',
};

type WorkflowFunction = (...args: never[]) => Promise<unknown>;

/**
 * Marks every workflow function among `exported` (a bundle entry's modules, merged) with its type's behavior; throws
 * naming the types that have none.
 */
export function applyVersioningBehaviors(exported: Record<string, unknown>): void {
  const workflows = Object.entries(exported).filter((entry): entry is [string, WorkflowFunction] => typeof entry[1] === 'function');
  const missing = workflows.map(([name]) => name).filter((name) => !(name in VERSIONING_BEHAVIORS));
  if (missing.length) {
    throw new Error(`no versioning behavior for workflow type(s) ${missing.join(', ')}: choose PINNED or AUTO_UPGRADE in workflows/versioning.ts`);
  }
  for (const [name, fn] of workflows) markVersioningBehavior(fn, VERSIONING_BEHAVIORS[name]!);
}

/**
 * Gives a workflow function its behavior, on a versioned worker only: the SDK refuses a workflow task completed with a
 * behavior by a worker without a deployment version (WORKER_VERSIONING=false, the tests' workers), so the behavior is
 * declared when the workflow's first task ran on a versioned worker (workflowInfo().currentDeploymentVersion names a
 * deployment; an unversioned worker's carries only its build id; replay reads it from the history: deterministic). A workflow started on an unversioned worker and later taken by a
 * versioned one declares none there, and has the worker's default, auto-upgrade, as unversioned workflows do.
 */
export function markVersioningBehavior(fn: WorkflowFunction, versioningBehavior: VersioningBehavior): void {
  setWorkflowOptions(() => (workflowInfo().currentDeploymentVersion?.deploymentName ? { versioningBehavior } : {}), fn);
}
