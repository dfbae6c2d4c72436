import { MAX_TEXT } from '../textLimits';
import type { JsonSchema } from './types';

export { MAX_TEXT };

/** Field schemas many tools share, defined once. */
export const textField = { type: 'string', minLength: 1, maxLength: MAX_TEXT, description: 'The text to work on.' } as const satisfies JsonSchema;

export const modelField = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: '`auto` (default), `local`, or a provider model id from GET /models.',
} as const satisfies JsonSchema;

export const TEXT_ALIASES = { content: 'text' } as const;

type Properties = Record<string, JsonSchema>;
type ClosedObject<P, R> = { readonly type: 'object'; readonly properties: P; readonly required: R; readonly additionalProperties: false };

/**
 * A closed object schema. Its literal type is kept (`const` parameters), so a tool's input type can be derived from
 * its entry with `ToolInput` (schema/registry/toolInput.ts) instead of being written a second time.
 */
export function object<const P extends Properties>(properties: P): ClosedObject<P, readonly []>;
export function object<const P extends Properties, const R extends readonly (keyof P & string)[]>(properties: P, required: R): ClosedObject<P, R>;
export function object<const P extends Properties, const R extends readonly (keyof P & string)[], const X extends JsonSchema>(
  properties: P,
  required: R,
  extra: X,
): ClosedObject<P, R> & X;
export function object(properties: Properties, required: readonly string[] = [], extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false, ...extra };
}
