import type { ToolImplementations } from '../toolImplementation';
import { chatTask, messagesTask, previewTask } from './conversationTasks';

/** Conversation tools (schema/registry/families/conversation.ts): free text from a history, not JSON. */
export const conversationTools: ToolImplementations = {
  chat: { modelTask: chatTask },
  'v1/messages': { modelTask: (entry, input, { callId }) => messagesTask(entry, input, { callId }) },
  preview: { modelTask: previewTask },
};
