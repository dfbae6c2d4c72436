import type { ApiFeature } from '../features';
import { skillHandlers } from './skillHandlers';

export const feature = { handlers: skillHandlers } satisfies ApiFeature;
