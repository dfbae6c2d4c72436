import { registerNetworkAgent } from '../../core/networkAgents/registerNetworkAgent';
import type { networkAgentTools } from '../../schema/networkAgents/networkAgentTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

type RegisterInput = ToolInput<typeof networkAgentTools, 'agents/register'>;

/** POST /agents/register: the payer owns the new agent. */
export const register = stateTool<RegisterInput>('agents/register', (input, { owner, scope, context }) =>
  registerNetworkAgent(context.deps.store, scope, owner, {
    name: input.name,
    description: input.description,
    capabilities: input.capabilities,
    ...(input.wallet ? { wallet: input.wallet } : {}),
  }),
);
