// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts).
export { customAgentRun } from './customAgentRun';
export { customAgentTrigger } from './customAgentTrigger';
