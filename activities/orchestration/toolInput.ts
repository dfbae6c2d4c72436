import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ToolEntry } from '../../schema/registry';
import { applyAliases } from '../../schema/registry/applyAliases';

export type ToolInputCheck = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problems: readonly string[] };

// The API's own rules for a tool's body (defaults filled in, nothing coerced), so a step is held to what its endpoint accepts.
const ajv = addFormats(new Ajv({ allErrors: true, useDefaults: true, strict: false }));
const compiled = new Map<string, ValidateFunction>();

/**
 * A step's input checked as the tool's own endpoint checks a body: aliases moved to their canonical names (the
 * canonical one wins when both are sent), then the tool's input schema, defaults filled in. Steps are checked
 * again here, after their placeholders are filled, because what a previous step answered is only known then.
 */
export function checkToolInput(entry: ToolEntry, params: Record<string, unknown>): ToolInputCheck {
  let validate = compiled.get(entry.name);
  if (!validate) compiled.set(entry.name, (validate = ajv.compile(entry.input)));
  const value = structuredClone(applyAliases(params, entry.aliases));
  if (validate(value)) return { ok: true, value };
  return { ok: false, problems: [...new Set((validate.errors ?? []).map(describe))] };
}

function describe(error: ErrorObject): string {
  const at = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required field "${at ? `${at}.` : ''}${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `unknown field "${String(params.additionalProperty)}"`;
    case 'enum':
      return `${at || 'input'} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${at || 'input'} ${error.message ?? 'is invalid'}`;
  }
}
