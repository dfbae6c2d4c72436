import type { ApiFeature } from '../features';
import { marketplaceHandlers } from './browseHandler';
import { listingSaleCheck } from './listingSaleCheck';

export const feature = { handlers: marketplaceHandlers, beforePayment: listingSaleCheck } satisfies ApiFeature;
