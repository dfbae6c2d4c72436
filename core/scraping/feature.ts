import type { CoreFeature } from '../features';
import * as scrapedPages from './migrations/0030_scraped_pages';
import type { CrawlRobotsTable, ScrapedPagesTable } from './scrapingTables';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    scraped_pages: ScrapedPagesTable;
    crawl_robots: CrawlRobotsTable;
  }
}

/** Crawls: the pages a crawl read and the robots.txt it obeyed, kept for the crawl's answer (not events: page bodies). */
export const feature: CoreFeature = { projections: [], migrations: { '0030_scraped_pages': scrapedPages } };
