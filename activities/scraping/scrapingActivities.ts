import type { ActivityResources } from '../features';
import { actorActivities } from './apify/actorActivities';
import { crawlActivities } from './crawl/crawlActivities';

/** The activities of the scraping workflows (workflows/scraping/): a crawl's pages, a platform actor's run. */
export function scrapingActivities(resources: ActivityResources) {
  return {
    ...crawlActivities({ db: resources.store.db, safeFetch: resources.safeFetch, config: resources.config }),
    ...actorActivities(resources.config),
  };
}
