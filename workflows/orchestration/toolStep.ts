import { ApplicationFailure, isCancellation } from '@temporalio/workflow';
import type { BudgetedToolOutcome, BudgetedToolRequest } from '../../activities/orchestration/budgetedTool';
import type { queued } from './proxies';

/** One tool an agent or a planned workflow chose, plus the record of it both answer with. */
export interface ToolStepRecord {
  readonly step: number;
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly ok: boolean;
  readonly thought?: string;
  readonly purpose?: string;
  readonly result?: Record<string, unknown>;
  readonly error?: string;
  readonly model?: string;
  readonly time_ms?: number;
}

/**
 * Runs a chosen tool as an activity. When the activity itself fails (a worker lost past its retries), what it spent
 * is unknown, so all it was allowed counts as spent: the spend cap holds even then.
 */
export async function runToolStep(activities: typeof queued, request: BudgetedToolRequest): Promise<BudgetedToolOutcome> {
  try {
    return await activities.runBudgetedTool(request);
  } catch (error) {
    if (isCancellation(error)) throw error;
    let cause: unknown = error;
    while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error && cause.cause) cause = cause.cause;
    return { ok: false, reason: 'failed', error: cause instanceof Error ? cause.message : String(error), costMicros: Math.max(0, request.budgetMicros) };
  }
}

/** The record of a step from its outcome. */
export function recordOf(
  step: number,
  tool: string,
  input: Record<string, unknown>,
  outcome: BudgetedToolOutcome,
  extra: { thought?: string; purpose?: string },
): ToolStepRecord {
  if (outcome.ok) {
    return { step, tool: outcome.tool, input: outcome.input, ok: true, ...extra, result: outcome.output, model: outcome.model, time_ms: outcome.durationMs };
  }
  return { step, tool, input, ok: false, ...extra, error: outcome.error };
}
