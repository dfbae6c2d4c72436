import type { ToolImplementations } from '../tools/toolImplementation';
import { register } from './register';

/** The agent registry's paid tool (schema/networkAgents/networkAgentTools.ts); its free reads are answered by api/networkAgents/. */
export const networkAgentTools: ToolImplementations = {
  'agents/register': register,
};
