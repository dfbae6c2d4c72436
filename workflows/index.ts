// The call's own workflows (a tool call, and the purge of the idempotency layer's kept answers); each feature's are
// in workflows/<feature>/feature.ts, and the bundle registers both (workers/workflowBundle.ts).
export { toolCall } from './toolCall';
export { purgeExpiredAnswers } from './idempotency/purgeExpiredAnswers';
