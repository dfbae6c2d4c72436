import { completeBoardTask } from '../../core/tasks/completeBoardTask';
import type { taskTools } from '../../schema/tasks/taskTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const complete = stateTool<ToolInput<typeof taskTools, 'task/complete'>>('task/complete', (input, { owner, scope, context }) =>
  completeBoardTask(context.deps.store, scope, owner, { agentId: input.agent_id, taskId: input.task_id, result: input.result }),
);
