import { cancelBoardTask } from '../../core/tasks/cancelBoardTask';
import type { taskTools } from '../../schema/tasks/taskTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const cancel = stateTool<ToolInput<typeof taskTools, 'task/cancel'>>('task/cancel', (input, { owner, scope, context }) =>
  cancelBoardTask(context.deps.store, scope, owner, { agentId: input.agent_id, taskId: input.task_id }),
);
