import { ApplicationFailure } from '@temporalio/common';
import { distance } from 'fastest-levenshtein';
import { CallErrors } from '../../schema/calls';
import { fillPlaceholders, PLACEHOLDER_FORMS, PlaceholderProblem, scanPlaceholders } from '../../schema/orchestration/placeholders';
import { isStepTool, stepToolName } from './stepTools';
import { MAX_STEPS } from '../../schema/orchestration/stepTools';
import { byName, type OrchestrationKind, registry, type ToolEntry } from '../../schema/registry';
import type { ModelResolver } from '../models/modelResolver';
import { sampleResult } from './schemaSample';
import { describeFields } from '../validation/describeSchema';
import { checkToolInput } from '../validation/checkToolInput';

/** The orchestrations whose steps are planned up front. */
export type PlanKind = Extract<OrchestrationKind, 'chain' | 'pipeline' | 'batch'>;

/** One step ready to run: the tool's registry name, its params as written (placeholders and all), where it runs. */
export interface PlannedStep {
  readonly step: number;
  readonly tool: string;
  readonly params: Record<string, unknown>;
  readonly execution: 'local-activity' | 'activity';
}

export interface Plan {
  /** How the caller wrote the steps: {action, params} or the tutorial's {tool, input}; it decides the answer's shape. */
  readonly form: 'action' | 'tool';
  readonly steps: readonly PlannedStep[];
}

/** Why a plan cannot run, said about its step; `model-unavailable` is the 503 of a tool with no provider configured. */
export interface PlanProblem {
  readonly step?: number;
  readonly kind: 'invalid' | 'model-unavailable';
  readonly message: string;
  readonly hint: string;
  /** model-unavailable: the variables that would let a provider serve the step. */
  readonly settings?: readonly string[];
  /** invalid: the machine-readable reason when it is more than invalid input (unknown_model). */
  readonly code?: 'unknown_model' | 'url_refused';
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: PlanProblem };

interface RawStep {
  readonly action?: string;
  readonly tool?: string;
  readonly endpoint?: string;
  readonly params?: Record<string, unknown>;
  readonly input?: Record<string, unknown>;
}

const STEP_HINT = 'Each step is {action, params} (or {tool, input}) naming a paid tool; GET /discover lists them.';

/**
 * Checks a chain, pipeline or batch before anything runs or is charged: at most five steps, each a tool that can be
 * a step, placeholders only where a previous step exists and only of the known forms, and each step's params valid
 * for its tool with placeholders standing in as samples of the previous tool's result. The API runs it to answer
 * 400 (or 503) naming the step; the call's workflow runs it again to learn where each step runs.
 */
export function checkPlan(kind: PlanKind, input: Record<string, unknown>, router: ModelResolver): Checked<Plan> {
  const raw = ((kind === 'batch' ? input.operations : input.steps) ?? []) as RawStep[];
  if (raw.length === 0 || raw.length > MAX_STEPS) {
    const noun = kind === 'batch' ? 'operations' : 'steps';
    return invalid(undefined, `a ${kind} takes 1 to ${MAX_STEPS} ${noun}, not ${raw.length}`, 'Split longer work into several calls.');
  }
  const forms = new Set(raw.map((s) => (s.tool !== undefined || s.input !== undefined ? 'tool' : 'action')));
  if (kind === 'chain' && forms.size > 1) {
    return invalid(undefined, 'the steps mix {action, params} and {tool, input}', 'Write every step the same way: the answer’s shape follows it.');
  }
  const steps: PlannedStep[] = [];
  let previous: ToolEntry | undefined;
  for (const [index, step] of raw.entries()) {
    const checked = checkStep({ kind, number: index + 1, raw: step, previous }, router);
    if (!checked.ok) return checked;
    steps.push(checked.value);
    previous = byName.get(checked.value.tool);
  }
  return { ok: true, value: { form: forms.has('tool') ? 'tool' : 'action', steps } };
}

interface StepToCheck {
  readonly kind: PlanKind;
  readonly number: number;
  readonly raw: RawStep;
  readonly previous: ToolEntry | undefined;
}

function checkStep({ kind, number, raw, previous }: StepToCheck, router: ModelResolver): Checked<PlannedStep> {
  const where = `${kind === 'batch' ? 'operation' : 'step'} ${number}`;
  const names = [raw.action, raw.tool, raw.endpoint].filter((n): n is string => n !== undefined);
  if (names.length !== 1) return invalid(number, `${where}: name the tool once, as \`action\` or \`tool\``, STEP_HINT);
  if (raw.params !== undefined && raw.input !== undefined) return invalid(number, `${where}: give the input once, as \`params\` or \`input\``, STEP_HINT);
  const name = stepToolName(names[0]!);
  const entry = byName.get(name);
  if (!isStepTool(entry)) return invalid(number, `${where}: ${notAStep(name, entry)}`, STEP_HINT);

  const params = raw.params ?? raw.input ?? {};
  const label = `${where} (${entry.name})`;
  const { refs, unknown } = scanPlaceholders(params);
  if (unknown.length > 0) return invalid(number, `${label}: unknown placeholder ${unknown[0]}`, `Placeholders are ${PLACEHOLDER_FORMS}.`);
  if (refs.length > 0 && kind === 'batch') {
    return invalid(
      number,
      `${label}: ${refs[0]!.raw} has no previous result, since operations of a batch run at the same time`,
      'Use /chain to feed one result into the next tool.',
    );
  }
  if (refs.length > 0 && !previous) {
    return invalid(number, `${label}: ${refs[0]!.raw} has no previous step to stand for`, 'Only the steps after the first can use the previous result.');
  }

  let sample: Record<string, unknown> = params;
  if (previous) {
    try {
      sample = fillPlaceholders(params, sampleResult(previous.output, previous.name)) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof PlaceholderProblem)) throw error;
      return invalid(number, `${label}: ${error.message}`, `Placeholders are ${PLACEHOLDER_FORMS}.`);
    }
  }
  const checked = checkToolInput(entry, sample);
  if (!checked.ok) {
    const problems = checked.problems.map((p) => p.message);
    return invalid(number, `${label}: ${problems[0]}`, `${entry.path} takes: ${describeFields(entry.input, entry.aliases)}.`, problems);
  }
  const execution = executionOf(entry, checked.value, router);
  if (!execution.ok) return { ok: false, problem: { ...execution.problem, step: number, message: `${label}: ${execution.problem.message}` } };
  return { ok: true, value: { step: number, tool: entry.name, params, execution: execution.value } };
}

/** Where a step runs, decided as for a direct call: beside the workflow when the offline provider serves it. */
function executionOf(
  entry: ToolEntry & { execution: 'local-activity' | 'activity' },
  input: Record<string, unknown>,
  router: ModelResolver,
): Checked<PlannedStep['execution']> {
  if (entry.model === 'none') return { ok: true, value: entry.execution };
  try {
    const choice = router.resolve(input.model as string | undefined, { need: entry.need ?? 'fast', localCapable: entry.model === 'local-capable' });
    return { ok: true, value: choice.kind === 'local' ? 'local-activity' : 'activity' };
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    const detail = (error.details?.[0] ?? {}) as Partial<Pick<PlanProblem, 'hint' | 'settings' | 'code'>>;
    const { hint = 'GET /models lists the models.', settings, code } = detail;
    const kind = error.type === CallErrors.invalidInput ? 'invalid' : 'model-unavailable';
    return { ok: false, problem: { kind, message: error.message, hint, ...(settings ? { settings } : {}), ...(code ? { code } : {}) } };
  }
}

function notAStep(name: string, entry: ToolEntry | undefined): string {
  if (entry?.category === 'orchestration') return `${entry.path} cannot be a step: orchestration endpoints do not nest`;
  if (entry) return `${entry.path} is not a tool that can be a step (it answers directly, without a paid call)`;
  const near = nearestStepTool(name);
  return `unknown tool "${name}"${near ? ` (did you mean "${near}"?)` : ''}`;
}

function nearestStepTool(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const entry of registry) {
    if (!isStepTool(entry)) continue;
    const d = distance(name.toLowerCase(), entry.name);
    if (!best || d < best.distance) best = { name: entry.name, distance: d };
  }
  return best && best.distance <= Math.max(2, Math.ceil(name.length / 2)) ? best.name : undefined;
}

function invalid<T>(step: number | undefined, message: string, hint: string, problems: readonly string[] = []): Checked<T> {
  const more = problems.length > 1 ? ` Also: ${problems.slice(1, 4).join('; ')}.` : '';
  return { ok: false, problem: { ...(step === undefined ? {} : { step }), kind: 'invalid', message, hint: hint + more } };
}
