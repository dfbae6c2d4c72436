import type { StepResult } from '../../activities/orchestration/runStep';
import type { ToolCallRequest } from '../../schema/calls';
import { addTokens, billedModel } from '../../schema/orchestration/billedModel';
import type { OrchestrationRun } from './orchestrationRun';
import { beside, queued } from './proxies';
import { stepFailure } from './stepFailure';

interface StepRun extends StepResult {
  readonly step: number;
  readonly tool: string;
}

/**
 * /chain and /pipeline: the steps one after another, each an activity of this call's workflow (offline tools beside
 * it, model tools queued), each given the previous step's output for its placeholders. A finished step is in the
 * workflow's history, so a worker that dies mid-chain is replaced and the chain goes on from the step it was in.
 * The first step that fails fails the call, which toolCall then refunds.
 */
export async function runChain(request: ToolCallRequest, kind: 'chain' | 'pipeline'): Promise<OrchestrationRun> {
  const started = Date.now();
  const plan = await beside.planSteps({ kind, input: request.input });
  const runs: StepRun[] = [];
  let previous: Record<string, unknown> | undefined;
  for (const step of plan.steps) {
    const runner = step.execution === 'local-activity' ? beside : queued;
    let result: StepResult;
    try {
      result = await runner.runStep({
        callId: request.callId,
        step: step.step,
        tool: step.tool,
        params: step.params,
        payer: request.payer,
        ...(previous ? { previous } : {}),
      });
    } catch (error) {
      throw stepFailure(error, `step ${step.step} (${step.tool})`);
    }
    runs.push({ ...result, step: step.step, tool: step.tool });
    previous = result.output;
  }

  const totalMs = Date.now() - started;
  const results = runs.map((r) => ({ step: r.step, action: r.tool, result: r.output, model: r.model, time_ms: r.durationMs }));
  const final = runs.at(-1)!.output;
  let output: Record<string, unknown>;
  if (kind === 'pipeline') output = { results, final_result: final, total_steps: runs.length, total_time_ms: totalMs };
  else if (plan.form === 'tool') {
    output = { chain: runs.map((r) => ({ step: r.step, tool: r.tool, time_ms: r.durationMs, model: r.model })), final_result: final, total_time_ms: totalMs };
  } else output = { results, total_steps: runs.length, total_time_ms: totalMs };
  return {
    output,
    model: billedModel(runs.map((r) => r.model)),
    tokens: runs.reduce((sum, r) => addTokens(sum, r.tokens), { input: 0, output: 0 }),
    durationMs: totalMs,
  };
}
