import type { ApiFeature } from '../features';
import { marketplaceHandlers } from './browseHandler';

export const feature = { handlers: marketplaceHandlers } satisfies ApiFeature;
