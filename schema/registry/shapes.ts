import { MAX_TEXT } from './fields';
import type { JsonSchema } from './types';

/**
 * Small JSON Schema shapes the registry's inputs and outputs are built from, defined once. Literal types are kept
 * (`as const`), so an entry's input type can be derived from its schema (ToolInput).
 */
export const str = { type: 'string' } as const satisfies JsonSchema;
export const num = { type: 'number' } as const satisfies JsonSchema;
export const int = { type: 'integer' } as const satisfies JsonSchema;
export const bool = { type: 'boolean' } as const satisfies JsonSchema;
export const strings = { type: 'array', items: str } as const satisfies JsonSchema;
/** A score or confidence from 0 to 1. */
export const unit = { type: 'number', minimum: 0, maximum: 1 } as const satisfies JsonSchema;

export const nullable = <const S extends JsonSchema>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const satisfies JsonSchema;

/** A caller's text field with a purpose of its own ("The goal to plan for."). */
export const textInput = (description: string, maxLength: number = MAX_TEXT) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const satisfies JsonSchema;

/** A short caller-chosen setting (tone, audience, language …). */
export const setting = (description: string, maxLength = 200) => ({ type: 'string', minLength: 1, maxLength, description }) as const satisfies JsonSchema;

/** A list of short caller-given items (criteria, options, key points …). */
export const list = (description: string, maxItems = 20, maxLength = 2000) =>
  ({ type: 'array', items: { type: 'string', minLength: 1, maxLength }, maxItems, description }) as const satisfies JsonSchema;

export const count = (description: string, maximum: number, defaultValue: number) =>
  ({ type: 'integer', minimum: 1, maximum, default: defaultValue, description }) as const satisfies JsonSchema;
