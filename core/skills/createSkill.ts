import { event, streams } from '../../schema/events';
import type { SkillDefinition } from '../../schema/skills/skillDefinition';
import type { EventStore } from '../eventStore';

/** Records a skill (already checked: checkSkill). `exists` when its name is taken: names are ids and never reused. */
export async function createSkill(store: EventStore, skill: SkillDefinition, creator: string | null): Promise<'created' | 'exists'> {
  return store.transaction(async (tx) => {
    if ((await tx.lock(streams.skill(skill.name))) > 0) return 'exists';
    await tx.append(
      streams.skill(skill.name),
      [
        event('SkillCreated', {
          skillId: skill.name,
          description: skill.description,
          category: skill.category,
          tags: [...skill.tags],
          tool: skill.tool,
          params: { ...skill.params },
          template: skill.template,
          inputSchema: skill.inputSchema,
          model: skill.model,
          example: skill.example ? { ...skill.example } : null,
          creator,
        }),
      ],
      { expectedVersion: 'no_stream', metadata: { actor: creator ?? 'skills-seed' } },
    );
    return 'created';
  });
}
