import { micros, usdToMicros } from '../money';
import { SKILL_LIMITS, skillToolNames } from './skillDefinition';
import { limitField, tagsField } from '../registry/agentFields';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

const str = { type: 'string' } as const;
const skillName = {
  type: 'string',
  minLength: 1,
  maxLength: SKILL_LIMITS.name,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: 'A skill’s name (lower-case words joined by hyphens), from GET /skills/search.',
} as const satisfies JsonSchema;
const modelField = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: '`auto` (default), `local`, or a provider model id from GET /models.',
} as const;
const skillRecord = object(
  {
    name: str,
    description: str,
    category: str,
    tags: { type: 'array', items: str },
    tool: str,
    model: { type: ['string', 'null'] },
    template: str,
    input_schema: { type: 'object' },
    example: { type: ['object', 'null'] },
    starter: { type: 'boolean' },
  },
  ['name', 'description', 'category', 'template', 'input_schema'],
);

/**
 * Skills: prompt templates with an input schema, run by a text tool. Searching is free; creating needs an identity
 * (the creator is recorded); executing is a paid call through the one call path, billed once and refunded on failure.
 */
export const skillTools = [
  {
    name: 'skills/search',
    title: 'Search skills',
    path: '/skills/search',
    method: 'GET',
    category: 'text-ai',
    summary:
      'Find skills by meaning and words (hybrid: vector similarity fused with full-text rank over name, description, category and tags; an exact name first)',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    access: 'open',
    input: object({ q: { type: 'string', minLength: 1, maxLength: 500 }, category: { type: 'string', minLength: 1, maxLength: 50 }, limit: limitField }, ['q']),
    aliases: { query: 'q' },
    output: object(
      {
        query: str,
        results: {
          type: 'array',
          items: {
            ...skillRecord,
            properties: {
              ...skillRecord.properties,
              score: { type: 'number', description: 'Reciprocal rank fusion of the word and meaning rankings, 0–1: 1 is first in both.' },
              rank: { type: 'number', description: 'Full-text rank of the words (0 when only the meaning matched).' },
              similarity: { type: ['number', 'null'], description: 'Cosine similarity of meaning to the query (null: not searched by meaning).' },
              exact_name: { type: 'boolean' },
            },
          },
        },
        count: { type: 'integer' },
        by_meaning: { type: 'boolean', description: 'Whether meaning was searched (false: words only, no worker could embed the query in time).' },
      },
      ['results'],
    ),
  },
  {
    name: 'skills/create',
    title: 'Create a skill',
    path: '/skills/create',
    method: 'POST',
    category: 'text-ai',
    summary: 'Create a skill: a prompt template with {{placeholders}}, the JSON Schema of its input, and the text tool and model that run it',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    access: 'identity',
    input: object(
      {
        name: skillName,
        description: { type: 'string', minLength: 1, maxLength: SKILL_LIMITS.description },
        category: { type: 'string', minLength: 1, maxLength: 50, default: 'custom' },
        tags: tagsField,
        template: { type: 'string', minLength: 1, maxLength: SKILL_LIMITS.template, description: 'The prompt, naming input fields as {{field}}.' },
        input_schema: { type: 'object', description: 'JSON Schema of the input (type object; every placeholder a property).' },
        tool: {
          enum: skillToolNames,
          default: 'write',
          description: 'The text tool the filled template is given to (write: any prompt, on a generative model).',
        },
        params: { type: 'object', default: {}, description: 'Fixed input of the tool beside the filled template (e.g. summarize’s format).' },
        model: modelField,
        example: { type: 'object', description: 'An input that fills the template (checked against input_schema).' },
      },
      ['name', 'description', 'template', 'input_schema'],
    ),
    aliases: { prompt: 'template', prompt_template: 'template', schema: 'input_schema' },
    output: skillRecord,
    example: {
      name: 'haiku-writer',
      description: 'Write a haiku about a subject',
      template: 'Write a haiku about {{subject}}.',
      input_schema: { type: 'object', properties: { subject: { type: 'string' } }, required: ['subject'] },
    },
  },
  {
    name: 'skills/execute',
    title: 'Run a skill',
    // A skill's fixed params may give /extract a url to read.
    online: true,
    errorStatuses: [404],
    path: '/skills/execute',
    method: 'POST',
    category: 'text-ai',
    summary: 'Run a skill: its input checked against the skill’s schema, its template filled and given to its tool (offline when the tool can be)',
    price: usdToMicros('0.02'),
    premium: false,
    freeTier: true,
    // Like a marketplace call, it asks no model itself: the skill's tool does, inside this call, with its own checks.
    execution: 'activity',
    model: 'none',
    agents: 'when-named',
    input: object({ skill: skillName, input: { type: 'object', default: {}, description: 'The skill’s input (its input_schema).' }, model: modelField }, [
      'skill',
    ]),
    aliases: { name: 'skill', skill_name: 'skill', params: 'input' },
    output: object({ skill: str, tool: str, prompt: str, result: { type: 'object' } }, ['skill', 'tool', 'result']),
    example: { skill: 'meeting-action-items', input: { notes: 'Ana will send the mockups by Friday.' } },
  },
] as const satisfies readonly ToolDraft[];
