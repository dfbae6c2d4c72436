import type { ActivitiesFeature } from '../features';
import type { skillTools as skillsEntries } from '../../schema/skills/skillTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { execute } from './execute';

/** Skills (schema/skills/skillTools.ts); searching and creating are answered by api/skills/. */
const skillTools: FamilyImplementations<typeof skillsEntries> = { 'skills/execute': execute };

export const feature = { tools: skillTools } satisfies ActivitiesFeature;
