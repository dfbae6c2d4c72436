/** A2A tasks: their ids, how they are recorded beside their jobs, and how they read back. The protocol itself is api/a2a/. */
export { a2aContextId, a2aTaskId } from './taskIds';
export { openTask, type Opened, type TaskOpening, type TaskStart } from './openTask';
export { cancelWaitingTask, queuePaidTask, refuseTaskPayment } from './payWaitingTask';
export { foldTask, readTask, type TaskView } from './taskView';
