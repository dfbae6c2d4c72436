import { MAX_TEXT, object } from './fields';
import { int, str } from './shapes';
import type { JsonSchema } from './types';

/**
 * Shared parts of the analysis tools' registry entries (text-AI family). Each of those tools runs on the offline
 * `local` provider with a classic method (activities/<family>/) or on a configured model; the schemas are the same.
 */
export const local = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'local-activity', model: 'local-capable' } as const;

export const offset = { type: 'integer', minimum: 0, description: 'Character offset into the input text.' } as const satisfies JsonSchema;
export const isoDate = {
  type: 'string',
  format: 'date',
  description: 'ISO date that relative dates ("next Friday") are read against; defaults to today.',
} as const satisfies JsonSchema;

/** A category or tag: a bare name, or a name with a description and keywords that help recognise it. */
export const categorySpec = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 200 },
    object({
      name: { type: 'string', minLength: 1, maxLength: 200 },
      label: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: 'string', maxLength: 2000 },
      keywords: { type: 'array', items: str, maxItems: 50 },
    }),
  ],
} as const satisfies JsonSchema;
export const categoryList = (description: string, minItems: number) =>
  ({ type: 'array', items: categorySpec, minItems, maxItems: 100, description }) as const satisfies JsonSchema;

export const documentSpec = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: MAX_TEXT },
    object({ id: str, title: str, text: { type: 'string', maxLength: MAX_TEXT }, content: { type: 'string', maxLength: MAX_TEXT } }),
  ],
} as const satisfies JsonSchema;

export const citation = object({ document: int, start: offset, end: offset, quote: str }, ['document', 'start', 'end', 'quote']);
