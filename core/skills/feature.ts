import type { CoreFeature } from '../features';
import { skills, type SkillRow } from './skillsProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    skills: SkillRow;
  }
}

/** The skills library. */
export const feature: CoreFeature = { projections: [skills] };
