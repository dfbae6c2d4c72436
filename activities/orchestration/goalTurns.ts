import type { TokenUsage } from '../../schema/events';
import { byName } from '../../schema/registry';
import type { ChatMessage, ModelRequest, ModelRouter, ProviderChoice } from '../providers';
import { type CallProgress, trackCallProgress } from '../tools/callProgress';
import { parseJsonAnswer } from '../tools/model/parseJsonAnswer';
import { checkPlan } from '../../core/orchestration/checkPlan';
import { askWithinBudget } from './modelTurn';
import { offeredStepTools, describeTools } from '../../core/orchestration/toolCatalogue';
import type { orchestrationTools } from '../../schema/orchestration/orchestrationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /workflow (a goal), derived from its registry entry (schema/orchestration/orchestrationTools.ts). */
export type GoalInput = ToolArguments<typeof orchestrationTools, 'workflow'>;

export interface PlannedToolStep {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly purpose: string;
}

interface Spent {
  readonly model: string;
  readonly tokens: TokenUsage;
  readonly costMicros: number;
}

export type GoalPlan =
  ({ readonly kind: 'plan'; readonly steps: readonly PlannedToolStep[]; readonly dropped?: string } & Spent) | { readonly kind: 'over-budget' };
export type GoalResult = ({ readonly kind: 'text'; readonly text: string } & Spent) | { readonly kind: 'over-budget' };

export interface GoalTurnRequest {
  readonly endpoint: string;
  readonly input: GoalInput;
  readonly maxSteps: number;
  readonly budgetMicros: number;
}

export interface SynthesisRequest extends GoalTurnRequest {
  readonly steps: readonly { step: number; tool: string; purpose?: string; ok: boolean; result?: unknown; error?: string }[];
}

const PLAN_TOKENS = 1_500;
const RESULT_TOKENS = 2_048;
const MIN_TOKENS = 128;
/** What the writer reads of each step's result. */
const RESULT_READ_CHARS = 4_000;

/**
 * The plan of /workflow: the model lists the tool steps that reach the goal, checked like a /pipeline (tools it may
 * use, placeholders, each input against its tool). A plan that does not check out goes back once with what is
 * wrong; if the second one fails too, the steps before the first bad one are kept.
 */
export async function planGoal(router: ModelRouter, request: GoalTurnRequest): Promise<GoalPlan> {
  const choice = choiceFor(router, request);
  const tools = offeredStepTools(request.input.tools);
  const system = [
    'You plan how to reach a caller’s goal with the tools of this API. Each step is one tool call; its result is available to the next step.',
    `Tools (name: what it does. Input fields; * marks a required one):\n${describeTools(tools)}`,
    `Reply with exactly one JSON object and nothing else: {"steps": [{"tool": "<tool name>", "input": {<the tool’s input fields>}, "purpose": "<what the step finds out>"}]}. At most ${request.maxSteps} steps, in order, the fewest that reach the goal; an empty list when no tool helps. In an input string, {{prev_result}} or {{prev_result.field}} stands for the previous step's result.`,
  ].join('\n\n');
  const messages: ChatMessage[] = [{ role: 'user', content: goalText(request.input) }];
  const progress = trackCallProgress();
  let spent: Spent = { model: '', tokens: { input: 0, output: 0 }, costMicros: 0 };
  try {
    for (let round = 1; ; round++) {
      const asked = await ask(router, choice, { system, messages, json: true }, PLAN_TOKENS, request.budgetMicros - spent.costMicros, progress);
      if (!asked)
        return round === 1 ? { kind: 'over-budget' } : { kind: 'plan', steps: [], dropped: 'the spend cap was reached while the plan was repaired', ...spent };
      spent = add(spent, asked);
      const checked = checkGoalPlan(
        asked.text,
        tools.map((t) => t.name),
        request.maxSteps,
        router,
      );
      if (checked.ok) return { kind: 'plan', steps: checked.steps, ...spent };
      if (round === 2) return { kind: 'plan', steps: checked.usable, dropped: checked.problem, ...spent };
      messages.push({ role: 'assistant', content: asked.text || '(empty)' });
      messages.push({ role: 'user', content: `That plan cannot run: ${checked.problem}\n\nReply again with only the corrected JSON object.` });
    }
  } finally {
    progress.stop();
  }
}

/** The result of /workflow: the model writes toward the goal from what the steps found (markdown). */
export async function synthesizeGoal(router: ModelRouter, request: SynthesisRequest): Promise<GoalResult> {
  const choice = choiceFor(router, request);
  const system =
    'You write the result of a multi-step workflow toward a caller’s goal, from what its tool steps found. Answer in markdown with the result itself first, no preamble; rely on the steps’ results and say plainly what they did not establish.';
  const found = request.steps
    .map(
      (s) =>
        `Step ${s.step} (${s.tool}${s.purpose ? `: ${s.purpose}` : ''}): ${s.ok ? JSON.stringify(s.result).slice(0, RESULT_READ_CHARS) : `failed: ${s.error}`}`,
    )
    .join('\n\n');
  const messages: ChatMessage[] = [{ role: 'user', content: `${goalText(request.input)}\n\nWhat the steps found:\n${found || '(no steps ran)'}` }];
  const progress = trackCallProgress();
  try {
    const asked = await ask(router, choice, { system, messages }, RESULT_TOKENS, request.budgetMicros, progress);
    if (!asked) return { kind: 'over-budget' };
    return { kind: 'text', text: asked.text, model: asked.model, tokens: asked.tokens, costMicros: asked.costMicros };
  } finally {
    progress.stop();
  }
}

type Asked = Spent & { readonly text: string };

async function ask(
  router: ModelRouter,
  choice: ProviderChoice,
  request: Omit<ModelRequest, 'maxTokens'>,
  maxTokens: number,
  budgetMicros: number,
  progress: CallProgress,
): Promise<Asked | undefined> {
  const asked = await askWithinBudget(router, choice, request, { maxTokens, minTokens: MIN_TOKENS }, budgetMicros, progress);
  if (!asked.ok) return undefined;
  return { text: asked.completion.text, model: asked.completion.model, tokens: asked.completion.usage, costMicros: asked.costMicros };
}

type CheckedGoalPlan =
  { readonly ok: true; readonly steps: PlannedToolStep[] } | { readonly ok: false; readonly problem: string; readonly usable: PlannedToolStep[] };

function checkGoalPlan(text: string, offered: readonly string[], maxSteps: number, router: ModelRouter): CheckedGoalPlan {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, usable: [] };
  const raw = parsed.value.steps;
  if (!Array.isArray(raw)) return { ok: false, problem: '"steps" must be a list', usable: [] };
  const steps: PlannedToolStep[] = raw.slice(0, maxSteps).map((s: { tool?: unknown; input?: unknown; purpose?: unknown }) => ({
    tool: typeof s?.tool === 'string' ? s.tool : '',
    input: s?.input && typeof s.input === 'object' && !Array.isArray(s.input) ? (s.input as Record<string, unknown>) : {},
    purpose: typeof s?.purpose === 'string' ? s.purpose : '',
  }));
  if (steps.length === 0) return { ok: true, steps };
  const notOffered = steps.findIndex((s) => !offered.includes(s.tool));
  if (notOffered >= 0) {
    return { ok: false, problem: `step ${notOffered + 1}: "${steps[notOffered]!.tool}" is not one of the tools`, usable: steps.slice(0, notOffered) };
  }
  const checked = checkPlan('pipeline', { steps: steps.map((s) => ({ tool: s.tool, input: s.input })) }, router);
  if (checked.ok) return { ok: true, steps };
  const failedAt = checked.problem.step ?? 1;
  return { ok: false, problem: checked.problem.message, usable: steps.slice(0, failedAt - 1) };
}

function choiceFor(router: ModelRouter, request: GoalTurnRequest): ProviderChoice {
  const choice = router.resolve(request.input.model, { need: byName.get(request.endpoint)?.need ?? 'reasoning', localCapable: false });
  if (choice.kind === 'local') throw new Error('unreachable: workflows are not served offline');
  return choice;
}

function goalText(input: GoalInput): string {
  return input.context ? `Goal:\n${input.goal}\n\nContext:\n${input.context}` : `Goal:\n${input.goal}`;
}

function add(spent: Spent, asked: Asked): Spent {
  return {
    model: asked.model,
    tokens: { input: spent.tokens.input + asked.tokens.input, output: spent.tokens.output + asked.tokens.output },
    costMicros: spent.costMicros + asked.costMicros,
  };
}
