import type { ApiFeature } from '../features';
import { discoveryHandlers } from './discoveryHandlers';

export const feature = { handlers: discoveryHandlers } satisfies ApiFeature;
