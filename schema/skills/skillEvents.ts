import type { JsonSchema } from '../registry/types';

/** Skills on `skill-<name>` streams (the name is the id, so a second skill of the same name is refused). */
export interface SkillEvents {
  SkillCreated: {
    skillId: string;
    description: string;
    category: string;
    tags: string[];
    /** The registry tool that runs it (schema/skills/skillDefinition.ts SKILL_TOOLS). */
    tool: string;
    params: Record<string, unknown>;
    template: string;
    inputSchema: JsonSchema;
    model: string | null;
    example: Record<string, unknown> | null;
    /** The owner who created it; null for the starter library. */
    creator: string | null;
  };
}
