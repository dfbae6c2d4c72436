import { schemaFromDescription } from './describedFields';
import { inferSchema, type Schema } from './schemaInference';
import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /json-schema, derived from its registry entry (schema/structure/structureTools.ts). */
export type JsonSchemaInput = ToolArguments<typeof structureTools, 'json-schema'>;

export interface JsonSchemaResult {
  schema: Schema;
  source: 'examples' | 'description';
  fields: string[];
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A draft-07 schema inferred from examples when given, else built from the described fields (titled by the description's subject). */
export function buildJsonSchema(input: JsonSchemaInput): JsonSchemaResult {
  const examples = input.examples ?? (input.example !== undefined ? [input.example] : []);
  const source = examples.length ? 'examples' : 'description';
  const { title: described, ...body } = examples.length ? { title: undefined, ...inferSchema(examples) } : schemaFromDescription(input.description ?? '');
  const title = input.title ?? described;
  const schema: Schema = { $schema: DRAFT_07, ...(title ? { title } : {}), ...body };
  const properties = (body.properties ?? {}) as Record<string, unknown>;
  return { schema, source, fields: Object.keys(properties), method: examples.length ? 'schema-inference' : 'described-fields' };
}
