import { byName } from '../../schema/registry';
import { fillTemplate, placeholdersOf } from './skillTemplate';
import { SKILL_TOOLS } from '../../schema/skills/skillDefinition';
import { checkToolInput } from '../validation/checkToolInput';
import { checkSkill, toolInputOf } from './checkSkill';
import { checkSkillInput } from './skillInput';
import { starterSkills } from './starterLibrary';

describe('the starter skills library', () => {
  it('holds at least 50 skills with unique names, across several categories', () => {
    expect(starterSkills.length).toBeGreaterThanOrEqual(50);
    expect(new Set(starterSkills.map((s) => s.name)).size).toBe(starterSkills.length);
    expect(new Set(starterSkills.map((s) => s.category)).size).toBeGreaterThanOrEqual(8);
  });

  describe.each(starterSkills.map((s) => [s.name, s] as const))('%s', (_name, skill) => {
    it('is a valid skill: known tool, compiling schema declaring every placeholder, params its tool accepts', () => {
      expect(checkSkill(skill)).toEqual([]);
    });

    it('fills its template from its example, leaving no placeholder, into input its tool accepts', () => {
      const example = checkSkillInput(`starter:${skill.name}`, skill.inputSchema, { ...skill.example });
      expect(example).toMatchObject({ ok: true });
      const filled = fillTemplate(skill.template, example.ok ? example.value : {});
      expect(filled).not.toMatch(/\{\{/);
      for (const field of placeholdersOf(skill.template)) expect(filled).toContain(String(skill.example![field]));
      const toolInput = checkToolInput(byName.get(skill.tool)!, toolInputOf(skill, filled, null));
      expect(toolInput).toMatchObject({ ok: true, value: { [SKILL_TOOLS[skill.tool]]: filled } });
    });
  });
});
