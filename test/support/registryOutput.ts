import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { byName } from '../../schema/registry';

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** Problems of a response against the output schema its registry entry documents (empty when it matches). */
export function outputProblems(tool: string, body: unknown): string[] {
  const entry = byName.get(tool);
  if (!entry) return [`no registry entry ${tool}`];
  const validate = ajv.compile(entry.output);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${tool}${e.instancePath} ${e.message ?? ''}`);
}
