import type { JsonSchema } from './types';

/** Field schemas many tools share, defined once. */
export const MAX_TEXT = 100_000;

export const textField = { type: 'string', minLength: 1, maxLength: MAX_TEXT, description: 'The text to work on.' } as const satisfies JsonSchema;

export const modelField = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: '`auto` (default), `local`, or a provider model id from GET /models.',
} as const satisfies JsonSchema;

export const TEXT_ALIASES = { content: 'text' } as const;

/**
 * A closed object schema. Its literal type is kept (`const` parameters), so a tool's input type can be derived from
 * its entry with `ToolInput` (schema/registry/toolInput.ts) instead of being written a second time.
 */
export function object<
  const P extends Record<string, JsonSchema>,
  const R extends readonly (keyof P & string)[] = [],
  const X extends JsonSchema = Record<never, never>,
>(properties: P, required?: R, extra?: X): { readonly type: 'object'; readonly properties: P; readonly required: R; readonly additionalProperties: false } & X {
  return { type: 'object', properties, required: required ?? ([] as unknown as R), additionalProperties: false, ...(extra ?? ({} as X)) };
}
