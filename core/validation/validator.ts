import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../schema/registry/types';
import { closest } from './closest';

export interface ValidationProblem {
  readonly message: string;
  readonly field?: string;
}

export interface Validator {
  /** Validates (and fills defaults into) a copy of the input; returns it, or the problems found. */
  (input: Record<string, unknown>): { ok: true; value: Record<string, unknown> } | { ok: false; problems: ValidationProblem[] };
}

const bodies = addFormats(new Ajv({ allErrors: true, useDefaults: true, strict: true, strictRequired: false }));
// Query strings are all text: let "5" be 5 and "true" be true where the schema says so.
const queries = addFormats(new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, strict: true, strictRequired: false }));

export function compileValidator(schema: JsonSchema, source: 'body' | 'query'): Validator {
  const validate: ValidateFunction = (source === 'body' ? bodies : queries).compile(schema);
  const known = Object.keys((schema.properties ?? {}) as object);
  return (input) => {
    const value = structuredClone(input);
    if (validate(value)) return { ok: true, value };
    return { ok: false, problems: dedupe((validate.errors ?? []).map((e) => describe(e, known))) };
  };
}

function describe(error: ErrorObject, known: readonly string[]): ValidationProblem {
  const at = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = at || undefined;
  const name = at || 'body';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: String(params.missingProperty), message: `missing required field "${at ? `${at}.` : ''}${String(params.missingProperty)}"` };
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const near = at ? null : closest(extra, known);
      return { field: extra, message: `unknown field "${extra}"${near ? ` (did you mean "${near}"?)` : ''}` };
    }
    case 'enum':
      return { field, message: `${name} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'type':
      return { field, message: `${name} must be ${article(String(params.type))}` };
    case 'minLength':
      return { field, message: params.limit === 1 ? `${name} must not be empty` : `${name} must be at least ${String(params.limit)} characters` };
    case 'maxLength':
      return { field, message: `${name} must be at most ${String(params.limit)} characters` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
    case 'format':
    case 'pattern':
    default:
      return { field, message: `${name} ${error.message ?? 'is invalid'}` };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function dedupe(problems: ValidationProblem[]): ValidationProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.message) && seen.add(p.message));
}
