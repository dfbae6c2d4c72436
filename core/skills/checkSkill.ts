import { isLocalModel, MODEL_CHOICES } from '../../schema/models/catalogue';
import { byName } from '../../schema/registry';
import { placeholdersOf } from './skillTemplate';
import { SKILL_LIMITS, SKILL_NAME, SKILL_TOOLS, type SkillDefinition, type SkillTool } from '../../schema/skills/skillDefinition';
import { checkToolInput } from '../validation/checkToolInput';
import { compileSkillSchema } from './skillInput';

/** The tool input a skill's filled template makes: its fixed params, the template in the tool's text field, the model. */
export function toolInputOf(skill: Pick<SkillDefinition, 'tool' | 'params'>, filled: string, model: string | null): Record<string, unknown> {
  return { ...skill.params, [SKILL_TOOLS[skill.tool]]: filled, ...(model ? { model } : {}) };
}

/**
 * What is wrong with a skill definition (empty when nothing): its name, a tool skills may run on, an input schema
 * that compiles as a JSON Schema of an object, every placeholder declared by it, a known model, and params the
 * tool accepts beside a filled template.
 */
export function checkSkill(skill: SkillDefinition): string[] {
  const problems: string[] = [];
  if (!SKILL_NAME.test(skill.name) || skill.name.length > SKILL_LIMITS.name)
    problems.push('name must be lower-case words joined by hyphens (e.g. "meeting-summary")');
  if (!(skill.tool in SKILL_TOOLS)) problems.push(`tool must be one of: ${Object.keys(SKILL_TOOLS).join(', ')}`);
  if (skill.model !== null && !MODEL_CHOICES.includes(skill.model)) problems.push(`unknown model "${skill.model}"; GET /models lists them`);
  const schema = skill.inputSchema;
  if (JSON.stringify(schema).length > SKILL_LIMITS.schemaBytes) problems.push(`input_schema must be at most ${SKILL_LIMITS.schemaBytes} characters of JSON`);
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null)
    problems.push('input_schema must be an object schema with properties');
  if ('$id' in schema || '$ref' in schema || JSON.stringify(schema).includes('"$ref"')) problems.push('input_schema may not use $id or $ref');
  try {
    compileSkillSchema(schema);
  } catch (error) {
    problems.push(`input_schema is not a valid JSON Schema: ${(error as Error).message}`);
  }
  const declared = Object.keys((schema.properties ?? {}) as object);
  const placeholders = placeholdersOf(skill.template);
  if (placeholders.length === 0) problems.push('template must name at least one placeholder, like {{text}}');
  const undeclared = placeholders.filter((p) => !declared.includes(p));
  if (undeclared.length) problems.push(`template placeholders missing from input_schema.properties: ${undeclared.join(', ')}`);
  const entry = byName.get(skill.tool);
  if (entry?.model === 'generative' && skill.model !== null && isLocalModel(skill.model))
    problems.push(`${skill.tool} needs a generative model: "${skill.model}" cannot run it`);
  if (entry && skill.tool in SKILL_TOOLS) {
    const sample = checkToolInput(entry, toolInputOf({ tool: skill.tool as SkillTool, params: skill.params }, 'sample text', skill.model));
    if (!sample.ok) problems.push(`params are not valid ${skill.tool} input: ${sample.problems.map((p) => p.message).join('; ')}`);
  }
  return problems;
}
