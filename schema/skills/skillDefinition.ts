import type { JsonSchema } from '../registry/types';

/**
 * Skills: a named prompt template with an input schema, run by one text tool of the registry. The filled template
 * goes into the tool's text field (`SKILL_TOOLS`), beside the skill's fixed parameters.
 */

/** The tools a skill may run on, and the input field its filled template becomes. Priced at most the skill call. */
export const SKILL_TOOLS = {
  write: 'prompt',
  transform: 'text',
  rewrite: 'text',
  summarize: 'text',
  sentiment: 'text',
  keywords: 'text',
  classify: 'text',
  tag: 'text',
  proofread: 'text',
  outline: 'text',
  score: 'text',
  timeline: 'text',
  action: 'text',
  analyze: 'text',
  extract: 'text',
  headline: 'text',
  social: 'text',
  questions: 'text',
  translate: 'text',
  explain: 'concept',
  plan: 'goal',
  decide: 'decision',
  sql: 'question',
  code: 'description',
  diagram: 'text',
} as const;
export type SkillTool = keyof typeof SKILL_TOOLS;
export const skillToolNames = Object.keys(SKILL_TOOLS) as SkillTool[];

export const SKILL_LIMITS = {
  name: 64,
  description: 500,
  template: 8000,
  tags: 10,
  /** The filled template, so one call's prompt stays bounded. */
  filled: 60_000,
  /** A created skill's input schema, serialized. */
  schemaBytes: 8000,
} as const;

/** Skill names: lower-case words joined by hyphens; the name is also the skill's id. */
export const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `{{field}}` placeholders (spaces inside the braces allowed). */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export interface SkillDefinition {
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly tool: SkillTool;
  /** Fixed input of the tool besides the filled template (a summary's format, a classifier's categories). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly template: string;
  readonly inputSchema: JsonSchema;
  /** A model id or alias; null: the caller's choice, else `auto`. */
  readonly model: string | null;
  /** An input that fills the template (shown in search results; the starter library's tests fill each one). */
  readonly example: Readonly<Record<string, unknown>> | null;
}
