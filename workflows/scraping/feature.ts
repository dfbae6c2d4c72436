// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts),
// and plugs its `orchestrators` into orchestration (workflows/orchestration/orchestrators.ts).
import type { Orchestrators } from '../orchestration/orchestrators';
import { runActor } from './actorRunner';
import { runCrawl } from './crawlRunner';
export { websiteCrawl } from './websiteCrawl';
export { actorRun } from './actorRun';

export const orchestrators: Orchestrators = { crawl: (request) => runCrawl(request), actor: (request) => runActor(request) };
