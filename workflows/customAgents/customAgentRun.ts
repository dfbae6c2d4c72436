import { ApplicationFailure, executeChild, isCancellation, proxyActivities, workflowInfo, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { ToolCallRequest } from '../../schema/calls';
import type { RunTrigger } from '../../schema/customAgents/customAgentSchedules';
import { searchAttributes } from '../../schema/searchAttributes';
import { presets } from '../timeouts';
import type { toolCall } from '../toolCall';

const activities = proxyActivities<Activities>(presets.model);

export interface CustomAgentRunArgs {
  readonly agentId: string;
  readonly trigger: Exclude<RunTrigger, 'manual'>;
  readonly task: string;
  /** Event runs: the event that started it (`evt<position>`), recorded with the run. */
  readonly eventId?: string;
}

export type CustomAgentRunResult =
  | { readonly status: 'completed' | 'failed' | 'refused'; readonly runId: string; readonly paused: boolean }
  | { readonly status: 'skipped'; readonly reason: string };

/**
 * A run a Temporal Schedule (loop, cron) or an event (workflows/customAgents/customAgentTrigger.ts) started: the same paid call
 * as POST /agents/custom/{id}/run, as a child `toolCall` workflow `call-<this workflow's id>`, billed to the owner's
 * key account (never to anyone else). A run the owner cannot pay is recorded as refused, with nothing charged; after
 * CUSTOM_AGENT_PAUSE_AFTER_FAILURES failed or refused runs in a row the schedule is paused.
 */
export async function customAgentRun(args: CustomAgentRunArgs): Promise<CustomAgentRunResult> {
  // A schedule names its workflows by the second they were due, so a trigger in the same second as a scheduled
  // action reuses the id: the run's own id makes each run (and its call, and its charge) a different one.
  const { workflowId, runId } = workflowInfo();
  const callId = `${workflowId}.${runId}`;
  const plan = await activities.planScheduledRun({ agentId: args.agentId });
  if (!plan.ok) return { status: 'skipped', reason: plan.reason };
  const payer = { kind: 'key' as const, id: plan.accountId };
  const request: ToolCallRequest = {
    callId,
    requestId: callId,
    tool: 'agents/custom/run',
    execution: 'activity',
    orchestration: 'custom-agent',
    input: { agent_id: args.agentId, task: args.task, trigger: args.trigger, ...(args.eventId ? { event_id: args.eventId } : {}) },
    payer,
    pricing: 'flat',
    listPriceMicros: plan.listPriceMicros,
  };
  let status: 'completed' | 'failed' | 'refused' = 'completed';
  // A run that never got to run its agent (refused payment, a failed start) is recorded here, with no steps or cost.
  const recordUnrun = (outcome: 'failed' | 'refused', error: string) =>
    activities.finishCustomAgentRun({
      agentId: args.agentId,
      runId: callId,
      callId,
      trigger: args.trigger,
      task: args.task,
      status: outcome,
      error,
      steps: [],
      totalSteps: 0,
      costMicros: 0,
    });
  try {
    const outcome = await executeChild<typeof toolCall>('toolCall', {
      workflowId: `call-${callId}`,
      args: [request],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [
        { key: searchAttributes.tool, value: request.tool },
        { key: searchAttributes.payer, value: `key:${plan.accountId}` },
        { key: searchAttributes.paymentMethod, value: 'key' },
        { key: searchAttributes.agentId, value: args.agentId },
      ],
    });
    if (outcome.status === 'rejected') {
      status = 'refused';
      await recordUnrun('refused', `the owner's balance cannot pay for the run (${outcome.reason})`);
    } else if (outcome.status !== 'completed') {
      status = 'failed';
    }
  } catch (error) {
    // The run recorded its own failure (and toolCall refunded it); a run that never started is recorded here.
    if (isCancellation(error) || !(error instanceof Error)) throw error;
    status = 'failed';
    await recordUnrun('failed', causeOf(error));
  }
  const { paused } = await activities.pauseAfterFailures({ agentId: args.agentId });
  return { status, runId: callId, paused };
}

function causeOf(error: Error): string {
  let cause: unknown = error;
  while (cause instanceof Error && !(cause instanceof ApplicationFailure) && cause.cause) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
}
