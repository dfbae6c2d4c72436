import type { ActivitiesFeature } from '../features';
import type { conversationTools as conversationEntries } from '../../schema/conversation/conversationTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { chatCompletionsTask } from './chatCompletions';
import { chatTask, messagesTask, previewTask } from './conversationTasks';

/** Conversation tools (schema/conversation/conversationTools.ts): free text from a history, not JSON. */
const conversationTools: FamilyImplementations<typeof conversationEntries> = {
  chat: { modelTask: chatTask },
  'v1/messages': { modelTask: (entry, input, { callId }) => messagesTask(entry, input, { callId }) },
  'v1/chat/completions': { modelTask: (_entry, input, { callId, deps }) => chatCompletionsTask(input, { callId, now: deps.clock.now() }) },
  preview: { modelTask: previewTask },
};

export const feature = { tools: conversationTools } satisfies ActivitiesFeature;
