import type { ApiFeature } from '../features';
import { fileHandlers } from './fileHandlers';

export const feature = { handlers: fileHandlers } satisfies ApiFeature;
