import type { InlineHandler } from '../inline/inlineHandler';
import { openAiModels } from './openAiModels';

/** The conversation family's endpoints the API answers itself (its tools run in activities/conversation/). */
export const conversationHandlers: Readonly<Record<string, InlineHandler>> = { 'v1/models': openAiModels };
