import type { ToolEntry } from '../../schema/registry';
import { applyAliases } from './applyAliases';
import type { JsonSchema } from '../../schema/registry/types';
import { compileValidator, type ValidationProblem, type Validator } from './validator';

export type ToolInputCheck =
  { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problems: readonly ValidationProblem[] };

/**
 * A tool's input validator, as its endpoint documents it: an alias field is held to its canonical field's schema
 * even when the canonical one is also sent (and so wins), then aliases move to their canonical names and the entry's
 * schema is checked, defaults filled in.
 */
export function compileToolInput(entry: Pick<ToolEntry, 'input' | 'aliases'>, source: 'body' | 'query'): Validator {
  const check = compileValidator(entry.input, source);
  const aliasValues = aliasSchema(entry);
  const checkAliases = aliasValues ? compileValidator(aliasValues, source) : undefined;
  return (input) => {
    const aliases = checkAliases?.(input);
    if (aliases && !aliases.ok) return aliases;
    return check(applyAliases(input, entry.aliases));
  };
}

/** Each alias with its canonical field's schema; nothing else is checked by it (null when the entry has no aliases). */
function aliasSchema(entry: Pick<ToolEntry, 'input' | 'aliases'>): JsonSchema | null {
  const canonical = (entry.input.properties ?? {}) as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    Object.entries(entry.aliases ?? {})
      .filter(([, name]) => canonical[name])
      .map(([alias, name]) => [alias, stripDefault(canonical[name]!)]),
  );
  return Object.keys(properties).length ? { type: 'object', properties } : null;
}

// A default would be filled in under the alias's name: only the canonical check fills defaults.
function stripDefault(schema: JsonSchema): JsonSchema {
  const { default: _default, ...rest } = schema;
  return rest;
}

const validators = new Map<string, Validator>();

/**
 * A tool's input checked exactly as its own endpoint checks a body: aliases held to their canonical schema and moved
 * to their canonical names (the canonical one wins when both are sent), then the entry's schema, defaults filled in,
 * nothing coerced. Every other way to a tool (a job's `params`, an MCP call's `arguments`, a chain's step) is held to
 * the same rules.
 */
export function checkToolInput(entry: ToolEntry, params: Record<string, unknown>): ToolInputCheck {
  let validate = validators.get(entry.name);
  if (!validate) validators.set(entry.name, (validate = compileToolInput(entry, 'body')));
  return validate(params);
}
