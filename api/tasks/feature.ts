import type { ApiFeature } from '../features';
import { boardTaskHandlers } from './browseHandler';

export const feature = { handlers: boardTaskHandlers } satisfies ApiFeature;
