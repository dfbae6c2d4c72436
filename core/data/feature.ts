import type { CoreFeature } from '../features';
import * as screenshots from './migrations/0010_screenshots';
import type { ScreenshotsTable } from './screenshotsTable';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    screenshots: ScreenshotsTable;
  }
}

/** Data lookups: the screenshots /data/screenshot stores, by the hash of their PNG (bytes, not events). */
export const feature: CoreFeature = { projections: [], migrations: { '0010_screenshots': screenshots } };
