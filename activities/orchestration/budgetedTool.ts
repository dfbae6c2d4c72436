import type { Payer } from '../../schema/events';
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity';
import type { TokenUsage } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import { fieldOf, fillPlaceholders, PlaceholderProblem } from '../../schema/orchestration/placeholders';
import { stepToolName } from '../../core/orchestration/stepTools';
import type { ModelRouter } from '../providers';
import type { RunTool } from '../tools/runTool';
import { resultCost, worstToolCost } from './spendBudget';
import { offeredStepTools } from '../../core/orchestration/toolCatalogue';
import { checkToolInput } from '../../core/validation/checkToolInput';

export interface BudgetedToolRequest {
  readonly callId: string;
  readonly step: number;
  /** As the model wrote it. */
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** The tools the caller allowed (every step tool worth offering when absent). */
  readonly allowed?: readonly string[];
  /** The previous tool's output, for placeholders in the input. */
  readonly previous?: Record<string, unknown>;
  /** What the tool may cost at most, in micro-USD of provider cost. */
  readonly budgetMicros: number;
  /** The orchestration's payer: tools act on its behalf. */
  readonly payer?: Payer;
}

export type BudgetedToolOutcome =
  | {
      readonly ok: true;
      readonly tool: string;
      readonly input: Record<string, unknown>;
      readonly output: Record<string, unknown>;
      readonly model: string;
      readonly tokens: TokenUsage;
      readonly costMicros: number;
      readonly durationMs: number;
    }
  | {
      readonly ok: false;
      /** invalid: refused before running; budget: it could cost more than is left; failed: it ran and failed. */
      readonly reason: 'invalid' | 'budget' | 'failed';
      readonly error: string;
      readonly costMicros: number;
    };

/**
 * A tool an agent (or a planned workflow) chose, run for the model: refused when it is not offered, its input does
 * not fit, or its worst case does not fit the budget; otherwise run exactly as a call of its own would run. Its
 * failures are answers the model sees, not failures of the call. A failed run is counted at its worst case, since
 * what it spent is not known; a retried attempt likewise counts each earlier attempt at it.
 */
export async function runBudgetedTool(deps: { router: ModelRouter; runTool: RunTool }, request: BudgetedToolRequest): Promise<BudgetedToolOutcome> {
  const attempt = Context.current().info.attempt;
  const offered = offeredStepTools(request.allowed);
  const entry = offered.find((tool) => tool.name === stepToolName(request.tool));
  if (!entry) return refused(`there is no tool "${request.tool}" here; the tools are: ${offered.map((t) => t.name).join(', ')}`);

  let input: Record<string, unknown>;
  try {
    input = fillPlaceholders(request.input, request.previous ? fieldOf(request.previous) : noPrevious) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PlaceholderProblem) return refused(error.message);
    throw error;
  }
  const checked = checkToolInput(entry, input);
  if (!checked.ok) return refused(`the input does not fit ${entry.name}: ${checked.problems.map((p) => p.message).join('; ')}`);

  let worst: number;
  try {
    worst = worstToolCost(entry, checked.value, deps.router);
  } catch (error) {
    if (error instanceof ApplicationFailure) return refused(error.message);
    throw error;
  }
  if (worst * attempt > request.budgetMicros) {
    return {
      ok: false,
      reason: 'budget',
      error: `${entry.name} could cost up to ${microsToUsd(worst)} USD in model tokens, more than the ${microsToUsd(request.budgetMicros)} USD this call has left`,
      costMicros: (attempt - 1) * worst,
    };
  }

  const started = performance.now();
  try {
    const result = await deps.runTool({ tool: entry.name, input: checked.value, callId: `${request.callId}/step-${request.step}`, payer: request.payer });
    return {
      ok: true,
      tool: entry.name,
      input: checked.value,
      output: result.output,
      model: result.model,
      tokens: result.tokens,
      costMicros: resultCost(result.model, result.tokens, deps.router) + (attempt - 1) * worst,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (error instanceof CancelledFailure || Context.current().cancellationSignal.aborted) throw error;
    return { ok: false, reason: 'failed', error: error instanceof Error ? error.message : String(error), costMicros: attempt * worst };
  }
}

function refused(error: string): BudgetedToolOutcome {
  return { ok: false, reason: 'invalid', error, costMicros: 0 };
}

const noPrevious = (): never => {
  throw new PlaceholderProblem('there is no previous result yet: this is the first tool');
};
