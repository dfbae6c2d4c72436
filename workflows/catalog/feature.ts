// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts),
// and plugs its `orchestrators` into orchestration (workflows/orchestration/orchestrators.ts).
import type { Orchestrators } from '../orchestration/orchestrators';
import { runApiCall } from './apiCallRunner';
export { catalogDiscovery } from './catalogDiscovery';

export const orchestrators: Orchestrators = { 'api-call': (request) => runApiCall(request) };
