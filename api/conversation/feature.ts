import { type FamilyHandlers } from '../inline/inlineHandler';
import { openAiModels } from './openAiModels';
import type { conversationTools } from '../../schema/conversation/conversationTools';
import type { ApiFeature } from '../features';

/** The conversation family's endpoints the API answers itself (its tools run in activities/conversation/). */
const conversationHandlers: FamilyHandlers<typeof conversationTools> = { 'v1/models': openAiModels };

export const feature = { handlers: conversationHandlers } satisfies ApiFeature;
