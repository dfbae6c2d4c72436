import { usdToMicros } from '../money';
import { AGENT_LOOP_EVENT_KINDS } from './agentLoopEvents';
import { PLACEHOLDER_FORMS } from './placeholders';
import { MAX_STEPS } from './stepTools';
import { modelField, object } from '../registry/fields';
import { bool, count, int, str, textInput } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/**
 * Orchestration: several tools in one paid call. Each request is one `call-<request id>` workflow, reserved and
 * settled once at the endpoint's price; its steps run as activities of that workflow, never as calls of their own.
 */
// Their steps are registry tools: what a call may change or reach is what any of those may.
const orchestration = {
  method: 'POST',
  category: 'orchestration',
  premium: false,
  freeTier: false,
  execution: 'activity',
  changes: 'anything',
  online: true,
} as const;

/** Most tokens the steps of one chain can ask for: five steps, each a model answer and one repair of up to 8192 tokens. */
const STEPS_OUTPUT_TOKENS = MAX_STEPS * 2 * 8192;

const toolName = (description: string) => ({ type: 'string', minLength: 1, maxLength: 100, description }) as const satisfies JsonSchema;
const toolInput = (description: string) => ({ type: 'object', description }) as const satisfies JsonSchema;

/** A step in any of the forms the spec shows: {action, params} or the tutorial's {tool, input}. */
const step = {
  type: 'object',
  properties: {
    action: toolName('The tool to run: its endpoint without the leading slash, e.g. "summarize" (GET /discover lists them).'),
    params: toolInput(`The tool's input as its own endpoint takes it. Placeholders take the previous step's result: ${PLACEHOLDER_FORMS}.`),
    tool: toolName('The tool to run (tutorial form of `action`).'),
    input: toolInput('The tool’s input (tutorial form of `params`).'),
    endpoint: toolName('The tool to run (another name for `action`).'),
  },
  additionalProperties: false,
  anyOf: [{ required: ['action'] }, { required: ['tool'] }, { required: ['endpoint'] }],
} as const satisfies JsonSchema;

const steps = (description: string) => ({ type: 'array', items: step, minItems: 1, maxItems: MAX_STEPS, description }) as const satisfies JsonSchema;

const PLACEHOLDER_RULES = `A placeholder that is a whole string and names a field takes that field's value as it is; otherwise a placeholder becomes text, the whole result standing for its main text (summary, translation, text …) or else its JSON. Any other {{name}} or $prev… is refused with 400.`;

const stepResult = object({ step: int, action: str, result: { type: 'object' }, model: str, time_ms: int }, ['step', 'action', 'result']);
const timeline = {
  type: 'array',
  items: object({ step: int, tool: str, time_ms: int, model: str }, ['step', 'tool', 'time_ms']),
} as const satisfies JsonSchema;

const toolList = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 100 },
  minItems: 1,
  maxItems: 60,
  uniqueItems: true,
  description: 'The tools it may use, by name (e.g. ["summarize", "sentiment"]); every tool that can be a step when not given.',
} as const satisfies JsonSchema;
const toolStep = object(
  {
    step: int,
    thought: str,
    tool: str,
    input: { type: 'object' },
    purpose: str,
    ok: bool,
    result: { type: 'object' },
    error: str,
    model: str,
    time_ms: int,
  },
  ['step', 'tool', 'input', 'ok'],
);
const stoppedBy = {
  enum: ['answer', 'max_steps', 'budget'],
  description: 'answer: the model answered; max_steps: the step cap was reached and the answer was asked for; budget: the spend cap was reached.',
} as const satisfies JsonSchema;

const agentInput = object(
  {
    task: textInput('What the agent should do or find out.', 20_000),
    tools: toolList,
    max_steps: count('Most tool calls the agent may make before it must answer.', 10, 5),
    context: textInput('Background the agent should know.', 50_000),
    system: textInput('Instructions or a persona for the agent.', 10_000),
    model: modelField,
  },
  ['task'],
);
const agentAliases = {
  goal: 'task',
  prompt: 'task',
  query: 'task',
  question: 'task',
  text: 'task',
  content: 'task',
  message: 'task',
  system_prompt: 'system',
  max_iterations: 'max_steps',
} as const;
const agentOutput = object(
  {
    task: str,
    answer: str,
    stopped_by: stoppedBy,
    steps: { type: 'array', items: toolStep },
    total_steps: int,
    turns: { ...int, description: 'Model turns taken.' },
    model: str,
  },
  ['task', 'answer', 'stopped_by', 'steps', 'total_steps'],
);
const AGENT_LOOP =
  'Each turn the model answers with JSON choosing a registry tool and its input, or giving its answer; the service checks the input against the tool, runs it as a step of this one call and shows the model the result. It stops at max_steps tool calls (then asks for the answer) and never spends more on models than the call’s price.';

export const orchestrationTools = [
  {
    ...orchestration,
    name: 'chain',
    title: 'Chain tools',
    orchestration: 'chain',
    path: '/chain',
    summary: `Up to ${MAX_STEPS} tools in sequence for one payment, each step given the previous step's result`,
    price: usdToMicros('0.05'),
    model: 'none',
    maxOutputTokens: STEPS_OUTPUT_TOKENS,
    input: object(
      {
        steps: steps(
          `The steps, run in order. Write every step as {action, params} (answer: results, total_steps) or every step as {tool, input} (answer: chain, final_result, total_time_ms). ${PLACEHOLDER_RULES}`,
        ),
      },
      ['steps'],
    ),
    output: {
      type: 'object',
      anyOf: [
        object({ results: { type: 'array', items: stepResult }, total_steps: int, total_time_ms: int }, ['results', 'total_steps']),
        object({ chain: timeline, final_result: { type: 'object' }, total_time_ms: int }, ['chain', 'final_result', 'total_time_ms']),
      ],
    },
    example: {
      steps: [
        {
          action: 'summarize',
          params: { text: 'Durable workflows record every step. A crash resumes where it stopped. Nothing is billed twice.', format: 'short' },
        },
        { action: 'sentiment', params: { text: '{{prev_result}}' } },
      ],
    },
  },
  {
    ...orchestration,
    name: 'pipeline',
    title: 'Pipeline of tools',
    orchestration: 'pipeline',
    path: '/pipeline',
    summary: `Up to ${MAX_STEPS} chained tools for one payment; {{prev}} stands for the previous step's result`,
    price: usdToMicros('0.05'),
    model: 'none',
    maxOutputTokens: STEPS_OUTPUT_TOKENS,
    input: object({ steps: steps(`The steps, run in order, as {action, params} or {tool, input}. ${PLACEHOLDER_RULES}`) }, ['steps']),
    aliases: { pipeline: 'steps', operations: 'steps' },
    output: object({ results: { type: 'array', items: stepResult }, final_result: { type: 'object' }, total_steps: int, total_time_ms: int }, [
      'results',
      'final_result',
      'total_steps',
    ]),
    example: {
      steps: [
        { action: 'keywords', params: { text: 'Event sourcing keeps every change as an immutable fact in an append-only log.' } },
        { action: 'tag', params: { text: 'Keywords: {{prev}}' } },
      ],
    },
  },
  {
    ...orchestration,
    name: 'batch',
    title: 'Batch of tools',
    orchestration: 'batch',
    path: '/batch',
    summary: `Up to ${MAX_STEPS} independent tool calls for one payment, run in parallel`,
    price: usdToMicros('0.03'),
    model: 'none',
    maxOutputTokens: STEPS_OUTPUT_TOKENS,
    input: object(
      {
        operations: steps('The operations, as {action, params} or {tool, input}; they run at the same time, so none may use a placeholder.'),
      },
      ['operations'],
    ),
    aliases: { requests: 'operations', calls: 'operations', batch: 'operations', steps: 'operations' },
    output: object(
      {
        results: {
          type: 'array',
          items: object({ operation: int, action: str, result: { type: 'object' }, model: str, time_ms: int }, ['operation', 'action', 'result']),
        },
        total_operations: int,
        total_time_ms: int,
      },
      ['results', 'total_operations'],
    ),
    example: {
      operations: [
        { action: 'sentiment', params: { text: 'The new release is fantastic.' } },
        { action: 'keywords', params: { text: 'Durable workflows make payments safe to retry.' } },
      ],
    },
  },
  {
    ...orchestration,
    name: 'workflow',
    title: 'Goal workflow',
    orchestration: 'goal',
    path: '/workflow',
    summary:
      'Multi-step reasoning toward a goal: a model plans tool steps, they run, and the model writes the result from what they found (never spending more on models than the price)',
    price: usdToMicros('0.10'),
    model: 'generative',
    need: 'reasoning',
    maxOutputTokens: 16_384,
    input: object(
      {
        goal: textInput('What to achieve or find out.', 20_000),
        context: textInput('Background the plan should use.', 50_000),
        max_steps: count('Most tool steps the plan may have.', MAX_STEPS, 3),
        tools: toolList,
        model: modelField,
      },
      ['goal'],
    ),
    aliases: { task: 'goal', prompt: 'goal', text: 'goal', content: 'goal', query: 'goal', objective: 'goal' },
    output: object(
      {
        goal: str,
        result: { ...str, description: 'The answer toward the goal (markdown), written from the steps’ results.' },
        plan: { type: 'array', items: object({ step: int, tool: str, purpose: str }, ['step', 'tool']) },
        plan_note: { ...str, description: 'Set when part of the model’s plan could not run and was left out, saying why.' },
        steps: { type: 'array', items: toolStep },
        stopped_by: { enum: ['completed', 'budget'] },
        total_steps: int,
        total_time_ms: int,
        model: str,
      },
      ['goal', 'result', 'plan', 'steps', 'total_steps'],
    ),
    prompt: 'Plan the fewest tool steps that reach the goal, then write the result from what they found.',
    example: { goal: 'Find the main complaint in these reviews and draft a reply', context: 'Refunds take weeks. The app is great but refunds are slow.' },
  },
  {
    ...orchestration,
    name: 'agent',
    title: 'Autonomous agent',
    orchestration: 'agent',
    path: '/agent',
    summary: 'An autonomous agent that reasons with the registry’s tools until it can answer',
    price: usdToMicros('0.10'),
    model: 'generative',
    need: 'fast',
    maxOutputTokens: 16_384,
    input: agentInput,
    aliases: agentAliases,
    output: agentOutput,
    prompt: AGENT_LOOP,
    example: { task: 'What is the sentiment of "The refund took weeks, but support was lovely", and what are its keywords?', max_steps: 3 },
  },
  {
    ...orchestration,
    name: 'agent/stream',
    title: 'Autonomous agent, streamed',
    orchestration: 'agent',
    path: '/agent/stream',
    summary: `The /agent loop as server-sent events: ${AGENT_LOOP_EVENT_KINDS.join(', ')} as they happen, then done with the whole result`,
    price: usdToMicros('0.10'),
    model: 'generative',
    need: 'fast',
    streaming: 'always',
    maxOutputTokens: 16_384,
    input: agentInput,
    aliases: agentAliases,
    output: {
      ...agentOutput,
      description:
        'The result of the `done` event. Before it: `thought` {step, text}; `tool_call` {step, tool, input}; `tool_result` {step, tool, ok, result | error (a long result as result_preview, truncated: true), model, time_ms}; `final` {answer, stopped_by, total_steps}; each with `type` and `seq`. A failure after the stream opened is an `error` event {status, error}.',
    },
    prompt: AGENT_LOOP,
    example: { task: 'Summarise and score the sentiment of: "Support was slow, but the fix works."', max_steps: 3 },
  },
] as const satisfies readonly ToolDraft[];
