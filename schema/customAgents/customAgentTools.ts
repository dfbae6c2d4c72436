import { CUSTOM_AGENT_LIMITS, SCHEDULE_NOTE, SCHEDULE_TYPES, TRIGGERS } from './customAgentSchedules';
import { micros, usdToMicros } from '../money';
import { timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';
import { bool, int, str, strings } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/** Free, owner-only endpoints the API answers itself (a key or a wallet session; another owner's agent is a 404). */
const owned = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'identity' } as const;

const agentIdParam = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The custom agent (agent_id from POST /agents/build). Another owner’s agent is not found (404).',
} as const satisfies JsonSchema;

export const scheduleField = object(
  {
    type: { enum: SCHEDULE_TYPES, description: 'loop, cron or event.' },
    config: object({
      minutes: {
        type: 'integer',
        minimum: CUSTOM_AGENT_LIMITS.loopMinutes.min,
        maximum: CUSTOM_AGENT_LIMITS.loopMinutes.max,
        description: 'loop: every so many minutes.',
      },
      hour: { type: 'integer', minimum: 0, maximum: 23, description: 'cron: the hour (0–23).' },
      minute: { type: 'integer', minimum: 0, maximum: 59, description: 'cron: the minute (0–59, default 0).' },
      day_of_week: { type: 'string', maxLength: 60, description: 'cron: "*", "mon", "mon,wed,fri" or "mon-fri" (default "*").' },
      timezone: { type: 'string', maxLength: 60, description: 'cron: an IANA time zone, e.g. "Europe/Berlin" (default UTC).' },
      trigger: { enum: TRIGGERS, description: 'event: what runs the agent.' },
      tags: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 100 },
        maxItems: 20,
        description: 'event "task": tasks with one of these tags.',
      },
      q: { type: 'string', maxLength: 200, description: 'event "task": tasks whose title or description hold all these words.' },
      relay_id: { type: 'string', maxLength: 64, description: 'event "relay": the inbound relay (POST /webhooks/create).' },
      task: { type: 'string', minLength: 1, maxLength: 2000, description: 'loop and cron: what each run is asked.' },
    }),
  },
  ['type', 'config'],
  { description: `When the agent runs by itself. ${SCHEDULE_NOTE}` },
);

const toolsField = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 100 },
  minItems: 1,
  maxItems: CUSTOM_AGENT_LIMITS.tools,
  uniqueItems: true,
  description: 'Registry tools the agent may use, by name (GET /discover), e.g. ["search", "summarize"].',
} as const satisfies JsonSchema;
const nameField = { type: 'string', minLength: 1, maxLength: CUSTOM_AGENT_LIMITS.name } as const satisfies JsonSchema;
const promptField = {
  type: 'string',
  minLength: 1,
  maxLength: CUSTOM_AGENT_LIMITS.systemPrompt,
  description: 'Its personality and instructions.',
} as const satisfies JsonSchema;
const modelChoice = { type: 'string', minLength: 1, maxLength: 100, description: '`auto` (default) or a generative model id from GET /models.' } as const;

const scheduleView = { type: ['object', 'null'] } as const;
const customAgent = object(
  {
    agent_id: str,
    name: str,
    system_prompt: str,
    tools: strings,
    model: str,
    memory: bool,
    schedule: scheduleView,
    schedule_state: { enum: ['none', 'active', 'paused'], description: 'paused: stopped after consecutive failed runs.' },
    status: { enum: ['active', 'archived'] },
    consecutive_failures: int,
    runs: int,
    created_at: timestamp,
    updated_at: timestamp,
    archived_at: { type: ['string', 'null'] },
  },
  ['agent_id', 'name', 'system_prompt', 'tools', 'model', 'schedule', 'status'],
);
const runRecord = object(
  {
    run_id: str,
    agent_id: str,
    task: str,
    trigger: { enum: ['manual', 'loop', 'cron', 'event'] },
    status: { enum: ['running', 'completed', 'failed', 'refused'] },
    answer: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
    stopped_by: { type: ['string', 'null'] },
    trace: { type: 'array', description: 'The agent’s steps: thought, tool, input, result or error.' },
    steps: int,
    cost_usd: { type: 'number' },
    model: { type: ['string', 'null'] },
    started_at: timestamp,
    finished_at: { type: ['string', 'null'] },
  },
  ['run_id', 'task', 'trigger', 'status', 'started_at'],
);

/**
 * Custom agents (spec §4.7): an owner builds an agent from a persona, registry tools and a model, and runs it by hand
 * (a paid call through the one call path), on a Temporal Schedule (loop, cron) or on events (signal-with-start).
 */
export const customAgentTools = [
  {
    ...owned,
    name: 'agents/build',
    title: 'Build a custom agent',
    path: '/agents/build',
    method: 'POST',
    summary: 'Build a custom agent: a persona, the registry tools it may use, a model and optionally a schedule; it belongs to your key (or wallet)',
    input: object(
      {
        name: nameField,
        system_prompt: promptField,
        tools: toolsField,
        model: { ...modelChoice, default: 'auto' },
        memory: { type: 'boolean', default: false, description: 'Offer it the memory tools on its own memory between runs.' },
        schedule: scheduleField,
      },
      ['name', 'system_prompt', 'tools'],
    ),
    aliases: { prompt: 'system_prompt', system: 'system_prompt' },
    output: customAgent,
    example: {
      name: 'news-digest',
      system_prompt: 'You summarise the news about AI agents.',
      tools: ['search', 'summarize'],
      schedule: { type: 'loop', config: { minutes: 60 } },
    },
  },
  {
    ...owned,
    name: 'agents/custom',
    title: 'List your custom agents',
    path: '/agents/custom',
    method: 'GET',
    summary: 'Your custom agents, newest first (archived ones too)',
    input: object({}),
    output: object({ agents: { type: 'array', items: customAgent }, count: int }, ['agents', 'count']),
  },
  {
    ...owned,
    name: 'agents/custom/get',
    title: 'Get a custom agent',
    path: '/agents/custom/:agent_id',
    method: 'GET',
    summary: 'One of your custom agents: its configuration, schedule and state',
    input: object({}),
    output: customAgent,
  },
  {
    ...owned,
    name: 'agents/custom/update',
    title: 'Change a custom agent',
    path: '/agents/custom/:agent_id',
    method: 'PUT',
    summary: 'Change a custom agent’s name, prompt, tools, model or schedule (null removes the schedule)',
    input: object({
      name: nameField,
      system_prompt: promptField,
      tools: toolsField,
      model: modelChoice,
      memory: { type: 'boolean' },
      schedule: { anyOf: [scheduleField, { type: 'null' }] },
    }),
    aliases: { prompt: 'system_prompt', system: 'system_prompt' },
    output: customAgent,
  },
  {
    ...owned,
    name: 'agents/custom/delete',
    title: 'Archive a custom agent',
    path: '/agents/custom/:agent_id',
    method: 'DELETE',
    summary: 'Archive a custom agent: its schedule is deleted and it runs no more; its configuration and runs stay readable',
    input: object({}),
    output: customAgent,
  },
  {
    name: 'agents/custom/run',
    title: 'Run a custom agent',
    changes: 'anything',
    online: true,
    path: '/agents/custom/:agent_id/run',
    method: 'POST',
    category: 'agents',
    premium: false,
    freeTier: false,
    execution: 'activity',
    orchestration: 'custom-agent',
    needsIdentity: true,
    price: usdToMicros('0.10'),
    priceSetting: 'customAgentRunMaxUsd',
    model: 'generative',
    need: 'fast',
    maxOutputTokens: 16_384,
    summary:
      'Run one of your custom agents on a task: its loop uses its tools and model until it answers; one payment (CUSTOM_AGENT_RUN_MAX_USD), which its models and tools never exceed',
    input: object(
      { agent_id: agentIdParam, task: { type: 'string', minLength: 1, maxLength: CUSTOM_AGENT_LIMITS.task, description: 'What the agent should do now.' } },
      ['agent_id', 'task'],
    ),
    aliases: { prompt: 'task', message: 'task', query: 'task', text: 'task', content: 'task' },
    output: object(
      {
        run_id: str,
        agent_id: str,
        task: str,
        answer: str,
        stopped_by: { enum: ['answer', 'max_steps', 'budget'] },
        trace: { type: 'array' },
        steps: int,
        cost_usd: { type: 'number' },
        model: str,
      },
      ['run_id', 'agent_id', 'answer', 'trace', 'steps'],
    ),
    example: { agent_id: 'cag_0123456789abcdef0123', task: 'What changed in the news about AI agents today?' },
  },
  {
    ...owned,
    name: 'agents/custom/schedule',
    title: 'Schedule a custom agent',
    path: '/agents/custom/:agent_id/schedule',
    method: 'POST',
    summary: 'Schedule a custom agent (replacing any schedule it has; resumes a paused one): a Temporal Schedule for loop and cron, a trigger for event',
    input: object({ type: scheduleField.properties.type, config: scheduleField.properties.config }, ['type', 'config'], {
      description: SCHEDULE_NOTE,
    }),
    output: customAgent,
    example: { type: 'cron', config: { hour: 9, minute: 0, day_of_week: 'mon-fri', timezone: 'Europe/Berlin' } },
  },
  {
    ...owned,
    name: 'agents/custom/unschedule',
    title: 'Unschedule a custom agent',
    path: '/agents/custom/:agent_id/schedule',
    method: 'DELETE',
    summary: 'Remove a custom agent’s schedule (it can still be run by hand)',
    // An archived agent changes no more (409), as with the other writes, which take a body and so list 409 already.
    errorStatuses: [409],
    input: object({}),
    output: customAgent,
  },
  {
    ...owned,
    name: 'agents/custom/runs',
    title: "A custom agent's runs",
    path: '/agents/custom/:agent_id/runs',
    method: 'GET',
    summary: 'A custom agent’s runs, newest first: task, trigger, status, answer, trace, cost, steps, started and finished',
    input: object({ limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } }),
    output: object({ runs: { type: 'array', items: runRecord }, count: int }, ['runs', 'count']),
  },
  {
    ...owned,
    access: 'open',
    name: 'builder/templates',
    title: 'Agent templates',
    path: '/builder/templates',
    method: 'GET',
    summary: 'Ten templates for POST /agents/build: persona, tools from the registry and a suggested schedule',
    input: object({}),
    output: object(
      {
        templates: {
          type: 'array',
          items: object({ id: str, name: str, description: str, system_prompt: str, tools: strings, model: str, schedule: scheduleView }, [
            'id',
            'name',
            'system_prompt',
            'tools',
          ]),
        },
        count: int,
      },
      ['templates', 'count'],
    ),
  },
] as const satisfies readonly ToolDraft[];
