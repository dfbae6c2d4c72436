// The feature's workflows: the bundle registers every function exported here under its name (workers/workflowBundle.ts).
export { catalogDiscovery } from './catalogDiscovery';
