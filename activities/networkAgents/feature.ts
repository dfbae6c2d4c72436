import type { ToolImplementations } from '../toolImplementation';
import { register } from './register';

/** The agent registry's paid tool (schema/registry/families/agents.ts); its free reads are answered by api/agents/. */
export const agentTools: ToolImplementations = {
  'agents/register': register,
};
