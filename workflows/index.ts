// The call's own workflows and the shared machinery's (a tool call, the purge of the idempotency layer's kept answers,
// search by meaning's embedding and query vector); each feature's are
// in workflows/<feature>/feature.ts, and the bundle registers both (workers/workflowBundle.ts).
export { toolCall } from './toolCall';
export { purgeExpiredAnswers } from './idempotency/purgeExpiredAnswers';
export { searchVectors, searchQueryVector } from './searchByMeaning/searchVectorWorkflows';
