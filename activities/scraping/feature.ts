import type { ActivitiesFeature } from '../features';
import type { scrapingTools as scrapingEntries } from '../../schema/scraping/scrapingTools';
import { lazy, type FamilyImplementations } from '../tools/toolImplementation';
import { scrapingActivities } from './scrapingActivities';

// The DOM, Readability and Turndown load on the first scrape, not in every worker that never scrapes.
const single = lazy(() => import('./scrape.js'));
const several = lazy(() => import('./scrapeWeb.js'));

/**
 * Scrapes that read pages here (schema/scraping/scrapingTools.ts). /scrape/website and the platform scrapes run
 * as workflows of their own (workflows/scraping/), with their activities in crawl/ and apify/.
 */
const scrapingTools: FamilyImplementations<typeof scrapingEntries> = {
  scrape: {
    run: async (input, context) => {
      const { scrape } = await single();
      return scrape(input as Parameters<typeof scrape>[0], context);
    },
  },
  'scrape/web': {
    run: async (input, context) => {
      const { scrapeWeb } = await several();
      return scrapeWeb(input as Parameters<typeof scrapeWeb>[0], context);
    },
  },
};

declare module '../features' {
  interface FeatureActivities {
    scraping: ReturnType<typeof scrapingActivities>;
  }
}

export const feature = { tools: scrapingTools, activities: scrapingActivities } satisfies ActivitiesFeature;
