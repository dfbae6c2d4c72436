import { type FamilyHandlers } from '../inline/inlineHandler';
import { freeUtilities } from './freeUtilities';
import { systemHandlers } from './systemStatus';
import type { freeTools } from '../../schema/free/freeTools';
import type { ApiFeature } from '../features';

/** The free endpoints (schema/free/freeTools.ts): health, status and the /free/* utilities. */
const freeHandlers: FamilyHandlers<typeof freeTools> = { ...systemHandlers, ...freeUtilities };

export const feature = { handlers: freeHandlers } satisfies ApiFeature;
