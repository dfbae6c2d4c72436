import type { InlineHandler } from '../inline/inlineHandler';
import { buildHandler } from './buildHandler';
import { getHandler, listHandler, runsHandler } from './readHandlers';
import { templatesHandler } from './templatesHandler';
import { deleteHandler, scheduleHandler, unscheduleHandler, updateHandler } from './writeHandlers';

/** Custom agents' free, owner-only endpoints and the builder's templates (a run is a paid call: workflows/orchestration/customAgentRunner.ts). */
export const customAgentHandlers: Readonly<Record<string, InlineHandler>> = {
  'agents/build': buildHandler as InlineHandler,
  'agents/custom': listHandler as InlineHandler,
  'agents/custom/get': getHandler as InlineHandler,
  'agents/custom/update': updateHandler as InlineHandler,
  'agents/custom/delete': deleteHandler as InlineHandler,
  'agents/custom/schedule': scheduleHandler as InlineHandler,
  'agents/custom/unschedule': unscheduleHandler as InlineHandler,
  'agents/custom/runs': runsHandler as InlineHandler,
  'builder/templates': templatesHandler as InlineHandler,
};
