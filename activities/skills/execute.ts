import { invalidInput, notFound } from '../../core/calls/callFailures';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { toolInputOf } from '../../core/skills/checkSkill';
import { findSkill } from '../../core/skills/findSkill';
import { checkSkillInput } from '../../core/skills/skillInput';
import { byName } from '../../schema/registry';
import type { skillTools } from '../../schema/skills/skillTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { fillTemplate } from '../../core/skills/skillTemplate';
import { SKILL_LIMITS, type SkillTool } from '../../schema/skills/skillDefinition';
import type { ToolImplementation } from '../tools/toolImplementation';

type ExecuteInput = ToolInput<typeof skillTools, 'skills/execute'>;

/**
 * POST /skills/execute: the skill's input checked against its schema, its template filled, and the result given to
 * the skill's tool inside this call (offline when the tool has an offline method and no provider is asked for). The
 * call was priced and held as one; any failure here refunds it.
 */
export const execute: ToolImplementation = {
  run: async (raw, context) => {
    const input = raw as ExecuteInput;
    const skill = await findSkill(context.deps.db, input.skill);
    if (!skill) throw notFound(`no skill named ${input.skill}`, 'GET /skills/search?q=… finds one.');
    const checked = checkSkillInput(skill.skill_id, skill.input_schema, (input.input ?? {}) as Record<string, unknown>);
    if (!checked.ok)
      throw invalidInput(
        `not valid input for skill ${skill.skill_id}: ${checked.problems.join('; ')}`,
        'Its input_schema (GET /skills/search) says what it takes.',
      );
    const prompt = fillTemplate(skill.template, checked.value);
    if (prompt.length > SKILL_LIMITS.filled) throw invalidInput(`the filled template is ${prompt.length} characters; at most ${SKILL_LIMITS.filled}`);
    const entry = byName.get(skill.tool)!;
    const toolInput = checkToolInput(entry, toolInputOf({ tool: skill.tool as SkillTool, params: skill.params }, prompt, input.model ?? skill.model));
    if (!toolInput.ok) throw invalidInput(`the filled skill is not valid ${skill.tool} input: ${toolInput.problems.map((p) => p.message).join('; ')}`);
    const result = await context.runTool(skill.tool, toolInput.value);
    return { output: { skill: skill.skill_id, tool: skill.tool, prompt, result: result.output }, model: result.model, tokens: result.tokens };
  },
};
