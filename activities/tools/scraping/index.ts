import type { ToolImplementations } from '../toolImplementation';
import { scrape } from './scrape';
import { scrapeWeb } from './scrapeWeb';

/**
 * Scrapes that read pages here (schema/registry/families/scraping.ts). /scrape/website and the platform scrapes run
 * as workflows of their own (workflows/scraping/), with their activities in crawl/ and apify/.
 */
export const scrapingTools: ToolImplementations = {
  scrape: { run: (input, context) => scrape(input as Parameters<typeof scrape>[0], context) },
  'scrape/web': { run: (input, context) => scrapeWeb(input as Parameters<typeof scrapeWeb>[0], context) },
};
