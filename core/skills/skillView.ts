import type { SkillRow } from './skillsProjection';

/** A skill as the API shows it. */
export function skillView(row: SkillRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: row.skill_id,
    description: row.description,
    category: row.category,
    tags: row.tags,
    tool: row.tool,
    model: row.model,
    template: row.template,
    input_schema: row.input_schema,
    example: row.example,
    starter: row.creator === null,
    ...extra,
  };
}
