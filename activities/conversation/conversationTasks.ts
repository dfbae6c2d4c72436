import { type conversationTools, PREVIEW_TOKENS } from '../../schema/conversation/conversationTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ToolEntry } from '../../schema/registry';
import { anthropicMessageId } from '../../schema/wireIds';
import type { FinishReason } from '../providers';
import type { ModelTask } from '../tools/model/modelTask';
import { DEFAULT_MAX_OUTPUT_TOKENS } from '../tools/model/toolPrompt';
import { firstStop } from './stopSequences';
import { conversation, textOf } from './turns';

type ChatInput = ToolInput<typeof conversationTools, 'chat'>;

/** /chat: the caller's history as the conversation; `system` turns join the system prompt, which providers take apart. */
export function chatTask(entry: ToolEntry, chat: ChatInput): ModelTask {
  const turns = chat.messages ?? [{ role: 'user' as const, content: chat.message ?? '' }];
  const system = [chat.system ?? entry.prompt ?? '', ...turns.filter((t) => t.role === 'system').map((t) => t.content)].filter(Boolean).join('\n\n');
  const messages = conversation(turns.filter((t): t is { role: 'user' | 'assistant'; content: string } => t.role !== 'system'));
  return {
    kind: 'text',
    request: {
      system,
      messages,
      maxTokens: chat.max_tokens ?? entry.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      ...(chat.temperature === undefined ? {} : { temperature: chat.temperature }),
    },
    toOutput: (text, completion) => ({ reply: text, message: { role: 'assistant', content: text }, finish_reason: completion.finishReason }),
  };
}

type MessagesInput = ToolInput<typeof conversationTools, 'v1/messages'>;

/** POST /v1/messages: Anthropic's request shape in, Anthropic's message object out. */
export function messagesTask(_entry: ToolEntry, request: MessagesInput, context: { callId: string }): ModelTask {
  return {
    kind: 'text',
    request: {
      ...(request.system === undefined ? {} : { system: textOf(request.system) }),
      messages: conversation(request.messages.map((m) => ({ role: m.role, content: textOf(m.content) }))),
      maxTokens: request.max_tokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    },
    toOutput: (text, completion) => {
      const stop = firstStop(text, request.stop_sequences ?? []);
      return {
        id: anthropicMessageId(context.callId),
        type: 'message',
        role: 'assistant',
        model: completion.model,
        content: [{ type: 'text', text: stop ? text.slice(0, stop.index) : text }],
        stop_reason: stop ? 'stop_sequence' : stopReason(completion.finishReason),
        stop_sequence: stop?.sequence ?? null,
        usage: { input_tokens: completion.usage.input, output_tokens: completion.usage.output },
      };
    },
  };
}

/** POST /preview: a short answer, capped at the demo's token allowance whatever the model would say. */
export function previewTask(entry: ToolEntry, input: ToolInput<typeof conversationTools, 'preview'>): ModelTask {
  const topic = input.topic;
  return {
    kind: 'text',
    request: { system: entry.prompt ?? '', messages: [{ role: 'user', content: topic }], maxTokens: PREVIEW_TOKENS },
    toOutput: (text, completion) => ({
      topic,
      preview: text,
      max_tokens: PREVIEW_TOKENS,
      truncated: completion.finishReason === 'length',
      hint: 'This is a free preview. Full answers from every tool: get a key with POST /auth/generate-key (0.25 USD of trial credit).',
    }),
  };
}

function stopReason(reason: FinishReason): string {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'tool_use':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}
