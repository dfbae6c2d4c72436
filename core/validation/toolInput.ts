import type { ToolEntry } from '../../schema/registry';
import { applyAliases } from '../../schema/registry/applyAliases';
import { compileValidator, type ValidationProblem, type Validator } from './validator';

export type ToolInputCheck =
  { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problems: readonly ValidationProblem[] };

const validators = new Map<string, Validator>();

/**
 * A tool's input checked exactly as its own endpoint checks a body: aliases moved to their canonical names (the
 * canonical one wins when both are sent), then the entry's schema, defaults filled in, nothing coerced. Every
 * other way to a tool (a job's `params`, an MCP call's `arguments`, a chain's step) is held to the same rules.
 */
export function checkToolInput(entry: ToolEntry, params: Record<string, unknown>): ToolInputCheck {
  let validate = validators.get(entry.name);
  if (!validate) validators.set(entry.name, (validate = compileValidator(entry.input, 'body')));
  return validate(applyAliases(params, entry.aliases));
}
