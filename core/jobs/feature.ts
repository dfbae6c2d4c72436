import type { CoreFeature } from '../features';
import { jobs, type JobRow } from './jobsProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    jobs: JobRow;
  }
}

/** Async jobs. */
export const feature: CoreFeature = { projections: [jobs] };
