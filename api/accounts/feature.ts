import type { ApiFeature } from '../features';
import { accountHandlers } from './accountHandlers';

export const feature = { handlers: accountHandlers } satisfies ApiFeature;
