import type { ApiFeature } from '../features';
import { auditHandlers } from './auditHandlers';

export const feature = { handlers: auditHandlers } satisfies ApiFeature;
