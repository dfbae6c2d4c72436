// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts).
export { websiteCrawl } from './websiteCrawl';
export { actorRun } from './actorRun';
