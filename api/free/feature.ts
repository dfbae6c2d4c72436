import type { InlineHandler } from '../inline/inlineHandler';
import { freeUtilities } from './freeUtilities';
import { systemHandlers } from './systemStatus';

/** The free endpoints (schema/registry/families/free.ts): health, status and the /free/* utilities. */
export const freeHandlers: Readonly<Record<string, InlineHandler>> = { ...systemHandlers, ...freeUtilities };
