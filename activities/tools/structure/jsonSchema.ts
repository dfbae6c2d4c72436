import { schemaFromDescription } from './describedFields';
import { inferSchema, type Schema } from './schemaInference';

export interface JsonSchemaInput {
  /** Example JSON values the schema must accept. */
  readonly examples?: readonly unknown[];
  readonly example?: unknown;
  /** Described fields: "name: string, age: integer, email". */
  readonly description?: string;
  readonly title?: string;
}

export interface JsonSchemaResult {
  schema: Schema;
  source: 'examples' | 'description';
  fields: string[];
}

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A draft-07 schema inferred from examples when given, else built from the described fields. */
export function buildJsonSchema(input: JsonSchemaInput): JsonSchemaResult {
  const examples = input.examples ?? (input.example !== undefined ? [input.example] : []);
  const source = examples.length ? 'examples' : 'description';
  const body = examples.length ? inferSchema(examples) : schemaFromDescription(input.description ?? '');
  const schema: Schema = { $schema: DRAFT_07, ...(input.title ? { title: input.title } : {}), ...body };
  const properties = (body.properties ?? {}) as Record<string, unknown>;
  return { schema, source, fields: Object.keys(properties) };
}
