import { registerAgent } from '../../../core/agents/registerAgent';
import type { agentTools } from '../../../schema/registry/families/agents';
import type { ToolInput } from '../../../schema/registry/toolInput';
import { stateTool } from '../stateTool';

type RegisterInput = ToolInput<typeof agentTools, 'agents/register'>;

/** POST /agents/register: the payer owns the new agent. */
export const register = stateTool<RegisterInput>('agents/register', (input, { owner, scope, context }) =>
  registerAgent(context.deps.store, scope, owner, {
    name: input.name,
    description: input.description,
    capabilities: input.capabilities,
    ...(input.wallet ? { wallet: input.wallet } : {}),
  }),
);
