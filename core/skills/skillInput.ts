import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { LRUCache } from 'lru-cache';
import type { JsonSchema } from '../../schema/registry/types';

/**
 * A skill's input schema compiled by an Ajv of its own (a user's schema never touches the registry's validators);
 * strict, so a schema with unknown keywords is refused when the skill is created.
 */
export function compileSkillSchema(schema: JsonSchema): ValidateFunction {
  return addFormats(new Ajv({ allErrors: true, useDefaults: true, strict: true, strictRequired: false })).compile(schema);
}

const compiled = new LRUCache<string, ValidateFunction>({ max: 500 });

/** A skill's input checked against its schema (skills never change, so the compiled check is kept by id). */
export function checkSkillInput(
  skillId: string,
  schema: JsonSchema,
  input: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; problems: string[] } {
  let validate = compiled.get(skillId);
  if (!validate) compiled.set(skillId, (validate = compileSkillSchema(schema)));
  const value = structuredClone(input);
  if (validate(value)) return { ok: true, value };
  return { ok: false, problems: (validate.errors ?? []).map((e) => `${e.instancePath.replace(/^\//, '') || 'input'} ${e.message ?? 'is invalid'}`) };
}
