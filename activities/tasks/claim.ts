import { claimBoardTask } from '../../core/tasks/claimBoardTask';
import type { taskTools } from '../../schema/tasks/taskTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const claim = stateTool<ToolInput<typeof taskTools, 'task/claim'>>('task/claim', (input, { owner, scope, context }) =>
  claimBoardTask(context.deps.store, scope, owner, { agentId: input.agent_id, taskId: input.task_id }, context.deps.clock),
);
