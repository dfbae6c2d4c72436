import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../../schema/registry';

export type AnswerCheck = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problems: readonly string[] };

// Fields a model adds beyond the schema are dropped rather than refused: they cost a repair and hurt no one.
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, removeAdditional: true }));
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** Checks a model's parsed answer against the tool's output schema, as the registry states it. */
export function checkAnswer(schema: JsonSchema, answer: Record<string, unknown>): AnswerCheck {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  const value = structuredClone(answer);
  if (validate(value)) return { ok: true, value };
  return { ok: false, problems: [...new Set((validate.errors ?? []).map(describe))].slice(0, 20) };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || 'the answer';
  if (error.keyword === 'enum') return `${where} must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
  return `${where} ${error.message ?? 'is invalid'}`;
}
