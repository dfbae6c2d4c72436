// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts),
// and plugs its `orchestrators` into orchestration (workflows/orchestration/orchestrators.ts).
import type { Orchestrators } from '../orchestration/orchestrators';
import { runCustomAgent } from './customAgentRunner';
export { customAgentRun } from './customAgentRun';
export { customAgentTrigger } from './customAgentTrigger';

export const orchestrators: Orchestrators = { 'custom-agent': runCustomAgent };
