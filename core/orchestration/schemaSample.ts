import { PlaceholderProblem, type PreviousResult } from '../../schema/orchestration/placeholders';
import type { JsonSchema } from '../../schema/registry';

/** What a text placeholder stands for while a plan is checked, before any step has run. */
export const SAMPLE_TEXT = 'Sample text standing in for the previous step’s result.';

/**
 * The previous step's result as its output schema promises it, for checking a plan before it runs: a placeholder
 * naming a field the schema does not have is refused, and the next step's input is checked with values of the
 * right type (a list where the field is a list). Fields of an object the schema leaves open read as text.
 */
export function sampleResult(output: JsonSchema, tool: string): PreviousResult {
  return (path) => {
    let schema: JsonSchema | undefined = output;
    for (const [depth, key] of path.entries()) {
      const here: JsonSchema | undefined = firstAlternative(schema);
      if (!here) return SAMPLE_TEXT;
      if (here.type === 'array' || /^\d+$/.test(key)) {
        schema = here.items as JsonSchema | undefined;
        continue;
      }
      const properties = here.properties as Record<string, JsonSchema> | undefined;
      if (!properties) return SAMPLE_TEXT;
      if (!(key in properties)) {
        const at = path.slice(0, depth).join('.');
        throw new PlaceholderProblem(
          `${tool}'s result has no field "${path.join('.')}" (${at ? `${at} has` : 'it has'}: ${Object.keys(properties).join(', ')})`,
        );
      }
      schema = properties[key];
    }
    return sampleOf(schema);
  };
}

function firstAlternative(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.length ? { ...schema, ...options[0] } : schema;
}

/** A sample value of a schema; list items are told apart, since inputs may want distinct items. */
function sampleOf(schema: JsonSchema | undefined, depth = 0, item?: number): unknown {
  const text = item === undefined ? SAMPLE_TEXT : `${SAMPLE_TEXT} (${item + 1})`;
  const here = firstAlternative(schema);
  if (!here || depth > 4) return text;
  if ('const' in here) return here.const;
  if (Array.isArray(here.enum)) return here.enum[0];
  const type = Array.isArray(here.type) ? here.type[0] : here.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof here.minimum === 'number' ? here.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      // Two items: enough for inputs that want a choice between several (categories, options).
      return [0, 1].map((i) => sampleOf(here.items as JsonSchema | undefined, depth + 1, i));
    case 'object': {
      const properties = (here.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([key, field]) => [key, sampleOf(field, depth + 1)]));
    }
    default:
      return text;
  }
}
