import type { ApiFeature } from '../features';
import { messageHandlers } from './inboxHandler';

export const feature = { handlers: messageHandlers } satisfies ApiFeature;
