import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

type Entries = readonly { readonly name: string; readonly input: unknown }[];
type InputSchema<Family extends Entries, Name extends Family[number]['name']> = Extract<Family[number], { readonly name: Name }>['input'];

/**
 * The input type of a registry entry, derived from its JSON Schema: what a tool's implementation receives after
 * validation (aliases applied, defaults filled in, so defaulted fields are present).
 * `ToolInput<typeof textTools, 'sentiment'>`.
 */
export type ToolInput<Family extends Entries, Name extends Family[number]['name']> =
  InputSchema<Family, Name> extends infer S extends JSONSchema ? FromSchema<S> : never;

/**
 * The same input as a caller may write it, defaulted fields optional: what a tool's own functions accept, so they
 * work (and are tested) without the validator in front of them. A validated ToolInput is always one.
 */
export type ToolArguments<Family extends Entries, Name extends Family[number]['name']> =
  InputSchema<Family, Name> extends infer S extends JSONSchema ? FromSchema<S, { keepDefaultedPropertiesOptional: true }> : never;

/** What a tool whose entry `readsUrl` is given: the page's readable text in place of its `url` (runTool fetches it first). */
export type WithPageText<Input> = Input extends unknown ? Omit<Input, 'url' | 'text'> & { readonly text: string } : never;
