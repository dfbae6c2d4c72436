import type { ChatMessage, CompletionRequest, FinishReason } from './types';

/** A message in the OpenAI chat-completions wire format (OpenAI, DeepSeek, xAI, Groq and self-hosted servers). */
export type ChatCompletionMessage =
  | { role: 'system'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'user'; content: string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[] };

export function toChatCompletionMessages(request: CompletionRequest): ChatCompletionMessage[] {
  const messages: ChatCompletionMessage[] = request.system ? [{ role: 'system', content: request.system }] : [];
  for (const message of request.messages) messages.push(toChatCompletionMessage(message));
  return messages;
}

function toChatCompletionMessage(message: ChatMessage): ChatCompletionMessage {
  if (message.role === 'assistant') {
    // The format takes images from users only: an assistant turn keeps its text.
    return {
      role: 'assistant',
      content: typeof message.content === 'string' ? message.content : message.content.map((p) => (p.type === 'text' ? p.text : '')).join(''),
    };
  }
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  return {
    role: 'user',
    content: message.content.map((part) =>
      part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data}` } },
    ),
  };
}

export function chatCompletionFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    default:
      return 'other';
  }
}
