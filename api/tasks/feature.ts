import type { ApiFeature } from '../features';
import { taskHandlers } from './browseHandler';

export const feature = { handlers: taskHandlers } satisfies ApiFeature;
