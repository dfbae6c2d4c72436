import type { ColumnType, Generated } from 'kysely';

/** A page a crawl read (core/scraping/migrations/0030_scraped_pages.ts). */
export interface ScrapedPagesTable {
  crawl_id: string;
  page_number: number;
  url: string;
  final_url: string;
  depth: number;
  title: string;
  byline: string | null;
  excerpt: string | null;
  site_name: string | null;
  lang: string | null;
  markdown: string;
  word_count: number;
  links: ColumnType<{ text: string; url: string }[], string, string>;
  content_type: string;
  bytes: number;
  fetched_at: Generated<Date>;
}

export interface CrawlRobotsTable {
  crawl_id: string;
  origin: string;
  status: number;
  body: string;
  fetched_at: Generated<Date>;
}
