import { MAX_TEXT } from './fields';
import type { JsonSchema } from './types';

/** Small JSON Schema shapes the model-backed tools' inputs and outputs are built from. */
export const str: JsonSchema = { type: 'string' };
export const num: JsonSchema = { type: 'number' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };
export const strings: JsonSchema = { type: 'array', items: str };
/** A score or confidence from 0 to 1. */
export const unit: JsonSchema = { type: 'number', minimum: 0, maximum: 1 };

/** A caller's text field with a purpose of its own ("The goal to plan for."). */
export function textInput(description: string, maxLength = MAX_TEXT): JsonSchema {
  return { type: 'string', minLength: 1, maxLength, description };
}

/** A short caller-chosen setting (tone, audience, language …). */
export function setting(description: string, maxLength = 200): JsonSchema {
  return { type: 'string', minLength: 1, maxLength, description };
}

/** A list of short caller-given items (criteria, options, key points …). */
export function list(description: string, maxItems = 20, maxLength = 2000): JsonSchema {
  return { type: 'array', items: { type: 'string', minLength: 1, maxLength }, maxItems, description };
}

export function count(description: string, maximum: number, defaultValue: number): JsonSchema {
  return { type: 'integer', minimum: 1, maximum, default: defaultValue, description };
}
