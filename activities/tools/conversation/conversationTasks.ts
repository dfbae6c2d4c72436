import { type conversationTools, PREVIEW_TOKENS } from '../../../schema/registry/families/conversation';
import type { ToolInput } from '../../../schema/registry/toolInput';
import type { ToolEntry } from '../../../schema/registry';
import type { ChatMessage, FinishReason } from '../../providers';
import { invalidInput } from '../../../core/calls/callFailures';
import type { ModelTask } from '../model/modelTask';
import { DEFAULT_MAX_OUTPUT_TOKENS } from '../model/toolPrompt';

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
type AnthropicContent = NonNullable<MessagesInput['system']>;

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
        id: `msg_${context.callId.replace(/[^A-Za-z0-9]/g, '')}`,
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

/**
 * Anthropic's stop_sequences: the answer ends just before the first of them that occurs. Applied to the answer
 * itself, so every provider (and the offline one) behaves alike; tokens generated past it are still billed upstream.
 */
function firstStop(text: string, sequences: readonly string[]): { index: number; sequence: string } | null {
  let first: { index: number; sequence: string } | null = null;
  for (const sequence of sequences) {
    if (!sequence) continue;
    const index = text.indexOf(sequence);
    if (index !== -1 && (first === null || index < first.index)) first = { index, sequence };
  }
  return first;
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

/** Providers want the conversation to start and end with the user, and some want turns to alternate. */
function conversation(turns: readonly { role: 'user' | 'assistant'; content: string }[]): ChatMessage[] {
  if (turns.length === 0) throw invalidInput('the conversation has no user message', 'Send at least one message with role "user".');
  if (turns.at(-1)?.role !== 'user') throw invalidInput('the last message must be from the user', 'End `messages` with the turn the assistant should answer.');
  const merged: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else merged.push({ ...turn });
  }
  if (merged[0]?.role === 'assistant') merged.unshift({ role: 'user', content: '(conversation continues)' });
  return merged;
}

function textOf(content: AnthropicContent): string {
  return typeof content === 'string' ? content : content.map((block) => block.text).join('\n');
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
