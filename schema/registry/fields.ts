import type { JsonSchema } from './types';

/** Field schemas many tools share, defined once. */
export const MAX_TEXT = 100_000;

export const textField: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_TEXT, description: 'The text to work on.' };

export const modelField: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: '`auto` (default), `local`, or a provider model id from GET /models.',
};

export const TEXT_ALIASES = { content: 'text' } as const;

export function object(properties: Record<string, JsonSchema>, required: string[] = [], extra: Record<string, unknown> = {}): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false, ...extra };
}
