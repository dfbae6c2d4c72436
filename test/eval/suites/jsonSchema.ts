import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { jsonSchemaCases } from '../cases/jsonSchema';
import { jsonSchemaHeldOut } from '../heldout/jsonSchema';
import { suite, type LabelledCase } from '../suite';

export type JsonSchemaCase = LabelledCase &
  ({ readonly description: string } | { readonly examples: readonly unknown[] }) & {
    /** The top-level properties, in any order. */
    readonly fields: readonly string[];
    /** Instances the schema must accept. */
    readonly valid: readonly unknown[];
    /** Instances it must refuse: a wrong type, a missing required field, a value outside an enum or a range. */
    readonly invalid: readonly unknown[];
  };

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** /json-schema gives no confidence: its schemas are judged for accuracy alone. */
export const jsonSchemaSuite = suite<JsonSchemaCase>({
  tool: 'json-schema',
  cases: { dev: jsonSchemaCases, heldOut: jsonSchemaHeldOut },
  input: (c) => ('description' in c ? { description: c.description } : { examples: c.examples }),
  judge: (c, output) => {
    const found: string[] = [];
    const fields = Object.keys(((output.schema as Record<string, unknown>).properties ?? {}) as object);
    if ([...fields].sort().join() !== [...c.fields].sort().join()) found.push(`fields ${JSON.stringify(fields)}, expected ${JSON.stringify(c.fields)}`);
    try {
      const validate = ajv.compile(output.schema as object);
      c.valid.forEach((v, i) => validate(v) || found.push(`refused valid #${i}: ${ajv.errorsText(validate.errors)}`));
      c.invalid.forEach((v, i) => !validate(v) || found.push(`accepted invalid #${i} ${JSON.stringify(v)}`));
    } catch (error) {
      found.push(`schema does not compile: ${(error as Error).message}`);
    }
    const correct = found.length === 0;
    return { correct, judgments: [{ correct, confidence: null, abstained: false }], ...(correct ? {} : { detail: found.join('; ') }) };
  },
});
