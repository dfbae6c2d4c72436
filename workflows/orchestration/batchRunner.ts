import type { StepResult } from '../../activities/orchestration/runStep';
import type { ToolCallRequest } from '../../schema/calls';
import { addTokens, billedModel } from '../../schema/orchestration/billedModel';
import type { OrchestrationRun } from './orchestrationRun';
import { beside, queued } from './proxies';
import { stepFailure } from './stepFailure';

/**
 * /batch: independent operations for one payment, all started at once as activities of this call's workflow. The
 * call waits for every one; if any failed, the first of them (in the caller's order) fails the call, which toolCall
 * then refunds: a batch is paid whole or not at all.
 */
export async function runBatch(request: ToolCallRequest): Promise<OrchestrationRun> {
  const started = Date.now();
  const plan = await beside.planSteps({ kind: 'batch', input: request.input });
  const settled = await Promise.allSettled(
    plan.steps.map((step) =>
      (step.execution === 'local-activity' ? beside : queued).runStep({
        callId: request.callId,
        step: step.step,
        tool: step.tool,
        params: step.params,
        payer: request.payer,
      }),
    ),
  );
  const failed = settled.findIndex((s) => s.status === 'rejected');
  if (failed >= 0) throw stepFailure((settled[failed] as PromiseRejectedResult).reason, `operation ${failed + 1} (${plan.steps[failed]!.tool})`);

  const runs = settled.map((s) => (s as PromiseFulfilledResult<StepResult>).value);
  const totalMs = Date.now() - started;
  return {
    output: {
      results: runs.map((r, i) => ({ operation: i + 1, action: plan.steps[i]!.tool, result: r.output, model: r.model, time_ms: r.durationMs })),
      total_operations: runs.length,
      total_time_ms: totalMs,
    },
    model: billedModel(runs.map((r) => r.model)),
    tokens: runs.reduce((sum, r) => addTokens(sum, r.tokens), { input: 0, output: 0 }),
    durationMs: totalMs,
  };
}
