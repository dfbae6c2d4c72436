import type { Orchestrators } from '../orchestration/orchestrators';
import { runActor } from './actorRunner';
import { runCrawl } from './crawlRunner';

/** A crawl and a scraping-platform run, as orchestrated calls (workflows/orchestration/orchestrators.ts). */
export const orchestrators: Orchestrators = { crawl: (request) => runCrawl(request), actor: (request) => runActor(request) };
