import { schemaFeature } from '../schemaFeature';
import { conversationTools } from './conversationTools';

/** Conversation: /chat and the OpenAI- and Anthropic-compatible endpoints. */
export const feature = schemaFeature()({
  tools: conversationTools,
});
