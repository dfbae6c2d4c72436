import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The input type of a registry entry, derived from its JSON Schema: what a tool's implementation receives after
 * validation (aliases applied, defaults filled in, so defaulted fields are present).
 * `ToolInput<typeof textTools, 'sentiment'>`.
 */
export type ToolInput<Family extends readonly { readonly name: string; readonly input: unknown }[], Name extends Family[number]['name']> = Extract<
  Family[number],
  { readonly name: Name }
>['input'] extends infer S extends JSONSchema
  ? FromSchema<S>
  : never;
