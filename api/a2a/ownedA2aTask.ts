import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { readA2aTask, type A2ATaskView } from '../../core/a2a/a2aTaskView';
import { type A2ARequest, a2aTaskOwnerOf } from './a2aSender';

/** Task ids are UUIDs; anything much longer names no task and is not looked up. */
const MAX_TASK_ID = 100;

/**
 * The task if the request's sender owns it and it came by this endpoint; another owner's is as absent as a missing one
 * (TaskNotFound either way), so task ids reveal nothing.
 */
export async function ownedA2aTask(request: A2ARequest, taskId: string): Promise<A2ATaskView> {
  const view = taskId && taskId.length <= MAX_TASK_ID ? await readA2aTask(request.deps.store.db, taskId) : undefined;
  const agentId = request.endpoint.kind === 'agent' ? request.endpoint.agentId : undefined;
  if (!view || view.owner !== a2aTaskOwnerOf(request) || view.agentId !== agentId) throw new TaskNotFoundError(`Task not found: ${taskId}`);
  return view;
}
