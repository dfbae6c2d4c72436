import { checkSkill } from '../../core/skills/checkSkill';
import { createSkill } from '../../core/skills/createSkill';
import { findSkill } from '../../core/skills/findSkill';
import { compileSkillSchema } from '../../core/skills/skillInput';
import { searchSkills } from '../../core/skills/searchSkills';
import { skillView } from '../../core/skills/skillView';
import type { skillTools } from '../../schema/skills/skillTools';
import { fillTemplate } from '../../core/skills/skillTemplate';
import { type SkillDefinition, type SkillTool } from '../../schema/skills/skillDefinition';
import { callerOwner } from '../callerOwner';
import { queryVectorFromWorker } from '../searchByMeaning/queryVectorFromWorker';
import { BadRequest, Conflict } from '../errors/httpErrors';
import { type HandlerFor, type InlineHandler, type FamilyHandlers } from '../inline/inlineHandler';

const search: HandlerFor<typeof skillTools, 'skills/search'> = async (input, { deps }) =>
  searchSkills(deps.store.db, { q: input.q, category: input.category, limit: input.limit ?? 20, queryVector: await queryVectorFromWorker(deps, input.q) });

/** POST /skills/create: checked as a whole (schema compiles, placeholders declared, tool accepts it), then one event. */
const create: HandlerFor<typeof skillTools, 'skills/create'> = async (input, { deps, state, docs }) => {
  const skill: SkillDefinition = {
    name: input.name,
    description: input.description,
    category: input.category ?? 'custom',
    tags: input.tags ?? [],
    tool: (input.tool ?? 'write') as SkillTool,
    params: (input.params ?? {}) as Record<string, unknown>,
    template: input.template,
    inputSchema: input.input_schema,
    model: input.model ?? null,
    example: input.example ?? null,
  };
  const problems = checkSkill(skill);
  if (skill.example && problems.length === 0) {
    const example = structuredClone(skill.example);
    const validate = compileSkillSchema(skill.inputSchema);
    if (!validate(example))
      problems.push(`example does not fit input_schema: ${validate.errors?.map((e) => `${e.instancePath || 'input'} ${e.message}`).join('; ')}`);
    else if (/\{\{/.test(fillTemplate(skill.template, example))) problems.push('example leaves placeholders unfilled');
  }
  if (problems.length)
    throw new BadRequest(
      problems[0]!,
      'POST /skills/create takes name, description, template with {{placeholders}}, input_schema, and optionally tool, params, model.',
      docs,
      problems.length > 1 ? { problems } : {},
    );
  if ((await createSkill(deps.store, skill, callerOwner(state))) === 'exists') {
    throw new Conflict(`a skill named ${skill.name} exists already`, 'Skill names are unique and never reused: choose another.', docs);
  }
  return skillView((await findSkill(deps.store.db, skill.name))!);
};

/** The skills library's inline endpoints (executing is a paid tool: activities/skills/). */
export const skillHandlers: FamilyHandlers<typeof skillTools> = {
  'skills/search': search as InlineHandler,
  'skills/create': create as InlineHandler,
};
