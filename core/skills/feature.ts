import type { CoreFeature } from '../features';
import { seedStarterSkills } from './seedStarterSkills';
import { skills, type SkillRow } from './skillsProjection';
import { skillSearchable } from './skillSearchText';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    skills: SkillRow;
  }
}

/** The skills library. */
export const feature: CoreFeature = {
  projections: [skills],
  searchable: [skillSearchable],
  seed: (store, _config, log) =>
    seedStarterSkills(store).then(
      (seeded) => void (seeded.added > 0 && log.info(seeded, 'starter skills seeded')),
      (error: unknown) => log.error({ err: error }, 'starter skills seeding failed'),
    ),
};
