import type { GoalInput, GoalPlan, GoalResult } from '../../activities/orchestration/goalTurns';
import type { ToolCallRequest } from '../../schema/calls';
import type { TokenUsage } from '../../schema/events';
import { addTokens, billedModel } from '../../schema/orchestration/billedModel';
import { asText, scanPlaceholders } from '../../schema/orchestration/placeholders';
import type { OrchestrationRun } from './orchestrationRun';
import { queued } from './proxies';
import { stepFailure } from './stepFailure';
import { recordOf, runToolStep, type ToolStepRecord } from './toolStep';

/** Held back for writing the result while the plan and its steps run, in percent of the spend cap. */
const RESULT_RESERVE_PERCENT = 30;

/**
 * /workflow: a model plans tool steps toward the goal, they run in order (each given the previous result for its
 * placeholders), and the model writes the result from what they found. Planning, every step and the writing are
 * activities, so a lost worker costs only the one in flight. Models never cost more than `budgetMicros` (the call's
 * price): a step whose worst case does not fit what is left is not run, and the result is written with the rest.
 */
export async function runGoal(request: ToolCallRequest, budgetMicros: number): Promise<OrchestrationRun> {
  const started = Date.now();
  // Checked against the entry's schema before the workflow started (prepareCall, runStep).
  const input = request.input as GoalInput;
  const maxSteps = input.max_steps ?? 3;
  const reserve = Math.floor((budgetMicros * RESULT_RESERVE_PERCENT) / 100);
  const models: string[] = [];
  let tokens: TokenUsage = { input: 0, output: 0 };
  let spent = 0;
  let stoppedBy: 'completed' | 'budget' = 'completed';
  const spend = (turn: { model: string; tokens: TokenUsage; costMicros: number }) => {
    spent += turn.costMicros;
    tokens = addTokens(tokens, turn.tokens);
    if (turn.model) models.push(turn.model);
  };

  let plan: GoalPlan;
  try {
    plan = await queued.planGoal({ endpoint: request.tool, input, maxSteps, budgetMicros: budgetMicros - reserve });
  } catch (error) {
    throw stepFailure(error, 'planning');
  }
  if (plan.kind === 'over-budget') stoppedBy = 'budget';
  else spend(plan);
  const planned = plan.kind === 'plan' ? plan.steps : [];

  const steps: ToolStepRecord[] = [];
  let previous: Record<string, unknown> | undefined;
  let previousFailed = false;
  for (const [index, step] of planned.entries()) {
    const number = index + 1;
    if (previousFailed && scanPlaceholders(step.input).refs.length > 0) {
      steps.push({
        step: number,
        tool: step.tool,
        input: step.input,
        purpose: step.purpose,
        ok: false,
        error: 'skipped: it takes the previous step’s result, and that step failed',
      });
      continue;
    }
    const outcome = await runToolStep(queued, {
      callId: request.callId,
      payer: request.payer,
      step: number,
      tool: step.tool,
      input: step.input,
      ...(input.tools ? { allowed: input.tools } : {}),
      ...(previous ? { previous } : {}),
      budgetMicros: budgetMicros - spent - reserve,
    });
    spent += outcome.costMicros;
    steps.push(recordOf(number, step.tool, step.input, outcome, { purpose: step.purpose }));
    previousFailed = !outcome.ok;
    if (outcome.ok) {
      previous = outcome.output;
      tokens = addTokens(tokens, outcome.tokens);
      models.push(outcome.model);
    } else if (outcome.reason === 'budget') {
      stoppedBy = 'budget';
      break;
    }
  }

  let written: GoalResult;
  try {
    written = await queued.synthesizeGoal({
      endpoint: request.tool,
      input,
      maxSteps,
      steps: steps.map((s) => ({
        step: s.step,
        tool: s.tool,
        ok: s.ok,
        ...(s.purpose ? { purpose: s.purpose } : {}),
        ...(s.ok ? { result: s.result } : { error: s.error }),
      })),
      budgetMicros: budgetMicros - spent,
    });
  } catch (error) {
    throw stepFailure(error, 'writing the result');
  }
  let result: string;
  if (written.kind === 'text') {
    spend(written);
    result = written.text;
  } else {
    stoppedBy = 'budget';
    result = `The spend cap of this call was reached before the result could be written.${previous ? ` The last step found: ${asText(previous)}` : ''}`;
  }

  return {
    output: {
      goal: input.goal,
      result,
      plan: planned.map((s, i) => ({ step: i + 1, tool: s.tool, purpose: s.purpose })),
      ...(plan.kind === 'plan' && plan.dropped ? { plan_note: `part of the plan was left out: ${plan.dropped}` } : {}),
      steps,
      stopped_by: stoppedBy,
      total_steps: steps.length,
      total_time_ms: Date.now() - started,
      model: models[0] ?? '',
    },
    model: billedModel(models),
    tokens,
    durationMs: Date.now() - started,
  };
}
