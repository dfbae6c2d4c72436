import { upsertSearchAttributes } from '@temporalio/workflow';
import type { ToolCallRequest } from '../../schema/calls';
import { CUSTOM_AGENT_LIMITS, type RunTrigger } from '../../schema/customAgents/customAgentSchedules';
import { chargeWithin } from '../../schema/metering';
import { microsToUsd } from '../../schema/money';
import { searchAttributes } from '../../schema/searchAttributes';
import { runAgentLoop } from '../orchestration/agentLoop';
import type { OrchestrationRun } from '../orchestration/orchestrationRun';
import { queued } from '../orchestration/proxies';

/** What a custom agent's run is given: the HTTP input, and for scheduled and event runs what started them. */
interface CustomRunInput {
  readonly agent_id: string;
  readonly task: string;
  readonly trigger?: RunTrigger;
  readonly event_id?: string;
}

/**
 * POST /agents/custom/{id}/run, and every scheduled or event run (workflows/customAgents/customAgentRun.ts): the agent loop of
 * /agent with the agent's persona, tools and model, inside the call's own toolCall workflow, so the owner's payment
 * is held, charged or refunded once and the models never spend more than it. The run is recorded on the agent's
 * stream when it starts and when it ends (failed too); the workflow is found in the Temporal UI by AgentId.
 */
export async function runCustomAgent(request: ToolCallRequest, budgetMicros: number, reservedMicros: number): Promise<OrchestrationRun> {
  const input = request.input as unknown as CustomRunInput;
  const trigger = input.trigger ?? 'manual';
  upsertSearchAttributes([{ key: searchAttributes.agentId, value: input.agent_id }]);
  const plan = await queued.startCustomAgentRun({
    agentId: input.agent_id,
    callId: request.callId,
    payer: request.payer,
    trigger,
    task: input.task,
    ...(input.event_id ? { eventId: input.event_id } : {}),
  });
  const ended = { agentId: input.agent_id, runId: plan.runId, callId: request.callId, trigger, task: input.task };
  let run: OrchestrationRun;
  try {
    run = await runAgentLoop(
      {
        ...request,
        input: {
          task: input.task,
          system: plan.system,
          tools: plan.tools,
          max_steps: CUSTOM_AGENT_LIMITS.maxSteps,
          ...(plan.model !== 'auto' ? { model: plan.model } : {}),
        },
      },
      budgetMicros,
    );
  } catch (error) {
    await queued.finishCustomAgentRun({
      ...ended,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
      steps: [],
      totalSteps: 0,
      costMicros: 0,
    });
    throw error;
  }
  // What toolCall will charge for it: the price held (or paid with x402), or the metered cost within it.
  const price = reservedMicros > 0 ? reservedMicros : request.listPriceMicros;
  const costMicros = chargeWithin(price, run, request.metering);
  const output = run.output as { answer: string; stopped_by: string; steps: unknown[]; total_steps: number; model: string };
  await queued.finishCustomAgentRun({
    ...ended,
    status: 'completed',
    answer: output.answer,
    stoppedBy: output.stopped_by,
    steps: output.steps,
    totalSteps: output.total_steps,
    costMicros,
    model: output.model,
  });
  return {
    ...run,
    output: {
      run_id: plan.runId,
      agent_id: input.agent_id,
      task: input.task,
      answer: output.answer,
      stopped_by: output.stopped_by,
      trace: output.steps,
      steps: output.total_steps,
      cost_usd: microsToUsd(costMicros),
      model: output.model,
    },
  };
}
