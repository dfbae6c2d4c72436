import { submitBoardTask } from '../../core/tasks/submitBoardTask';
import type { taskTools } from '../../schema/tasks/taskTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { microsOf, stateTool } from '../tools/stateTool';

export const submit = stateTool<ToolInput<typeof taskTools, 'task/submit'>>('task/submit', (input, { owner, scope, context }) =>
  submitBoardTask(
    context.deps.store,
    scope,
    owner,
    { agentId: input.agent_id, title: input.title, description: input.description, tags: input.tags, rewardMicros: microsOf(input.reward_usd, 'reward_usd') },
    context.deps.config.taskClaimSeconds,
  ),
);
