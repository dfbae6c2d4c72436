import type { Generated } from 'kysely';

/** A stored screenshot, by the SHA-256 of its PNG (core/data/migrations/0010_screenshots.ts). */
export interface ScreenshotsTable {
  id: string;
  png: Buffer;
  page_url: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}
