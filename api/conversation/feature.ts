import { type FamilyHandlers } from '../inline/inlineHandler';
import { countTokens } from './countTokens';
import { getVendorModel, listVendorModels } from './vendorModels';
import type { conversationTools } from '../../schema/conversation/conversationTools';
import type { ApiFeature } from '../features';

/** The conversation family's endpoints the API answers itself (its tools run in activities/conversation/). */
const conversationHandlers: FamilyHandlers<typeof conversationTools> = {
  'v1/models': listVendorModels,
  'v1/models/model': getVendorModel,
  'v1/messages/count_tokens': countTokens,
};

export const feature = { handlers: conversationHandlers } satisfies ApiFeature;
