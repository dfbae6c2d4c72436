import { CUSTOM_AGENT_TEMPLATES } from './customAgentTemplates';
import { normalizeSchedule } from '../../core/customAgents/normalizeSchedule';
import { MODEL_CHOICES } from '../models';
import { isStepTool } from '../../core/orchestration/stepTools';
import { byName } from '../registry';

describe('GET /builder/templates', () => {
  it('offers ten templates with distinct ids', () => {
    expect(CUSTOM_AGENT_TEMPLATES).toHaveLength(10);
    expect(new Set(CUSTOM_AGENT_TEMPLATES.map((t) => t.id)).size).toBe(10);
  });

  it.each(CUSTOM_AGENT_TEMPLATES.map((t) => [t.id, t] as const))(
    '%s: its tools are registry tools an agent can use, its model and schedule valid',
    (_id, template) => {
      expect(template.tools.filter((name) => !isStepTool(byName.get(name)))).toEqual([]);
      expect(MODEL_CHOICES).toContain(template.model);
      if (template.schedule) expect(normalizeSchedule(template.schedule as never)).toEqual(template.schedule);
    },
  );
});
