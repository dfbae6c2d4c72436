import type { InlineHandler } from '../inline/inlineHandler';
import { buildHandler } from './buildHandler';
import { getHandler, listHandler, runsHandler } from './readHandlers';
import { templatesHandler } from './templatesHandler';
import { deleteHandler, scheduleHandler, unscheduleHandler, updateHandler } from './writeHandlers';

/** Custom agents' free, owner-only endpoints and the builder's templates (a run is a paid call: workflows/customAgents/customAgentRunner.ts). */
export const customAgentHandlers: Readonly<Record<string, InlineHandler>> = {
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
