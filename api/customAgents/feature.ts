import { type FamilyHandlers } from '../inline/inlineHandler';
import { buildHandler } from './buildHandler';
import { getHandler, listHandler, runsHandler } from './readHandlers';
import { templatesHandler } from './templatesHandler';
import { deleteHandler, scheduleHandler, unscheduleHandler, updateHandler } from './writeHandlers';
import type { customAgentTools } from '../../schema/customAgents/customAgentTools';
import type { ApiFeature } from '../features';
import { refuseUnrunnableCustomAgent } from './runnableCustomAgent';

/** Custom agents' free, owner-only endpoints and the builder's templates (a run is a paid call: workflows/customAgents/customAgentRunner.ts). */
const customAgentHandlers: FamilyHandlers<typeof customAgentTools> = {
  'agents/build': buildHandler,
  'agents/custom': listHandler,
  'agents/custom/get': getHandler,
  'agents/custom/update': updateHandler,
  'agents/custom/delete': deleteHandler,
  'agents/custom/schedule': scheduleHandler,
  'agents/custom/unschedule': unscheduleHandler,
  'agents/custom/runs': runsHandler,
  'builder/templates': templatesHandler,
};

export const feature = {
  handlers: customAgentHandlers,
  beforePayment: ({ deps, entry, input, caller, docs }) =>
    entry.orchestration === 'custom-agent' ? refuseUnrunnableCustomAgent(deps.store.db, String(input.agent_id ?? ''), caller, docs) : undefined,
} satisfies ApiFeature;
