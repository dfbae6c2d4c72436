import { schemaFeature } from '../schemaFeature';
import { skillTools } from './skillTools';
import type { SkillEvents } from './skillEvents';

/** The skills library (skill-<skillId>). */
export const feature = schemaFeature<SkillEvents>()({
  tools: skillTools,
  streams: {
    skill: (skillId: string) => `skill-${skillId}`,
  },
});
