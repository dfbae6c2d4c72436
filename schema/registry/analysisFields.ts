import { MAX_TEXT, object } from './fields';
import type { JsonSchema } from './types';

/**
 * Shared parts of the analysis tools' registry entries (text-AI family). Each of those tools runs on the offline
 * `local` provider with a classic method (activities/tools/local/) or on a configured model; the schemas are the same.
 */
export const local = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'local-activity', model: 'local-capable' } as const;

export const str: JsonSchema = { type: 'string' };
export const num: JsonSchema = { type: 'number' };
export const int: JsonSchema = { type: 'integer' };
export const strings: JsonSchema = { type: 'array', items: str };
export const unit: JsonSchema = { type: 'number', minimum: 0, maximum: 1 };
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
export const offset: JsonSchema = { type: 'integer', minimum: 0, description: 'Character offset into the input text.' };
export const isoDate: JsonSchema = {
  type: 'string',
  format: 'date',
  description: 'ISO date that relative dates ("next Friday") are read against; defaults to today.',
};
export const shortText = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: MAX_TEXT, description });

/** A category or tag: a bare name, or a name with a description and keywords that help recognise it. */
export const categorySpec: JsonSchema = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 200 },
    object({
      name: { type: 'string', minLength: 1, maxLength: 200 },
      label: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: 'string', maxLength: 2000 },
      keywords: { type: 'array', items: str, maxItems: 50 },
    }),
  ],
};
export const categoryList = (description: string, minItems: number): JsonSchema => ({
  type: 'array',
  items: categorySpec,
  minItems,
  maxItems: 100,
  description,
});

export const documentSpec: JsonSchema = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: MAX_TEXT },
    object({ id: str, title: str, text: { type: 'string', maxLength: MAX_TEXT }, content: { type: 'string', maxLength: MAX_TEXT } }),
  ],
};

export const citation: JsonSchema = object({ document: int, start: offset, end: offset, quote: str }, ['document', 'start', 'end', 'quote']);
