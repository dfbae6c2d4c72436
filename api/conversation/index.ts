import type { InlineHandler } from '../inline/inlineHandler';
import { countTokens } from './countTokens';
import { getVendorModel, listVendorModels } from './vendorModels';

/** The conversation family's endpoints the API answers itself (its tools run in activities/tools/conversation/). */
export const conversationHandlers: Readonly<Record<string, InlineHandler>> = {
  'v1/models': listVendorModels,
  'v1/models/model': getVendorModel,
  'v1/messages/count_tokens': countTokens,
};
