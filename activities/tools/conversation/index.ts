import type { conversationTools as conversationEntries } from '../../../schema/registry/families/conversation';
import type { FamilyImplementations } from '../toolImplementation';
import { chatTask, messagesTask, previewTask } from './conversationTasks';

/** Conversation tools (schema/registry/families/conversation.ts): free text from a history, not JSON. */
export const conversationTools: FamilyImplementations<typeof conversationEntries> = {
  chat: { modelTask: chatTask },
  'v1/messages': { modelTask: (entry, input, { callId }) => messagesTask(entry, input, { callId }) },
  preview: { modelTask: previewTask },
};
