import { schemaFeature } from '../schemaFeature';
import { scrapingTools } from './scrapingTools';

/** Scraping: pages, whole sites (crawls) and scraping platforms’ actors. */
export const feature = schemaFeature()({
  tools: scrapingTools,
});
