import type { Payer } from '../../schema/events';
import type { ToolResult } from '../../schema/calls';
import { fieldOf, fillPlaceholders, PlaceholderProblem } from '../../schema/orchestration/placeholders';
import { isStepTool } from '../../core/orchestration/stepTools';
import { byName } from '../../schema/registry';
import type { RunTool } from '../tools/runTool';
import { invalidInput } from '../../core/calls/callFailures';
import { checkToolInput } from '../../core/validation/checkToolInput';

export interface StepRequest {
  readonly callId: string;
  readonly step: number;
  readonly tool: string;
  /** As the caller wrote them, placeholders included. */
  readonly params: Record<string, unknown>;
  /** The previous step's output, which the placeholders stand for. */
  readonly previous?: Record<string, unknown>;
  /** The orchestration's payer: steps act on its behalf. */
  readonly payer?: Payer;
}

export interface StepResult extends ToolResult {
  readonly durationMs: number;
}

/**
 * One step of a chain, pipeline or batch: the placeholders filled from the previous step's output, the input
 * checked against the tool's schema as its endpoint would (what a step answered is only known now), then the
 * tool run exactly as a call of its own would run it, but paid for by the orchestration's one reservation.
 */
export async function runStep(runTool: RunTool, request: StepRequest): Promise<StepResult> {
  const entry = byName.get(request.tool);
  if (!isStepTool(entry)) throw invalidInput(`${request.tool} cannot be a step`);
  let params: Record<string, unknown> = request.params;
  if (request.previous) {
    try {
      params = fillPlaceholders(request.params, fieldOf(request.previous)) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof PlaceholderProblem) throw invalidInput(error.message, 'A field placeholder must name a field the previous step answered.');
      throw error;
    }
  }
  const checked = checkToolInput(entry, params);
  if (!checked.ok) {
    throw invalidInput(`its input, with the previous result filled in, is not valid for ${entry.path}: ${checked.problems.map((p) => p.message).join('; ')}`);
  }
  const started = performance.now();
  const result = await runTool({ tool: entry.name, input: checked.value, callId: `${request.callId}/step-${request.step}`, payer: request.payer });
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
