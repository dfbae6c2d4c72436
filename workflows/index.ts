// The call's own workflow; each feature's are in workflows/<feature>/feature.ts, and the bundle registers both
// (workers/workflowBundle.ts).
export { toolCall } from './toolCall';
