import type { InlineHandler } from '../inline/inlineHandler';
import { freeUtilities } from './freeUtilities';
import { systemHandlers } from './systemStatus';

/** The free endpoints (schema/free/freeTools.ts): health, status and the /free/* utilities. */
export const freeHandlers: Readonly<Record<string, InlineHandler>> = { ...systemHandlers, ...freeUtilities };
