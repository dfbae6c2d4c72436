import { schemaFeature } from '../schemaFeature';
import { scrapingSettings } from './scrapingSettings';
import { scrapingTools } from './scrapingTools';

/** Scraping: pages, whole sites (crawls) and scraping platforms’ actors. */
export const feature = schemaFeature()({
  tools: scrapingTools,
  settings: { title: 'Pages: reading, scraping, crawling, platform scrapes (Apify)', settings: scrapingSettings },
});
