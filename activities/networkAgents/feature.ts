import type { ActivitiesFeature } from '../features';
import type { networkAgentTools as networkAgentEntries } from '../../schema/networkAgents/networkAgentTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { register } from './register';

/** The agent registry's paid tool (schema/networkAgents/networkAgentTools.ts); its free reads are answered by api/networkAgents/. */
const networkAgentTools: FamilyImplementations<typeof networkAgentEntries> = {
  'agents/register': register,
};

export const feature = { tools: networkAgentTools } satisfies ActivitiesFeature;
