import type { conversationTools as conversationEntries } from '../../schema/conversation/conversationTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { openAiCompletionId } from '../../schema/wireIds';
import type { FinishReason } from '../providers';
import type { ModelTask } from '../tools/model/modelTask';
import { firstStop } from './stopSequences';
import { conversation, textOf } from './turns';

type ChatCompletionsInput = ToolInput<typeof conversationEntries, 'v1/chat/completions'>;

/** Without max_tokens OpenAI answers up to the model's limit; here a flat-priced call is bounded by the entry's. */
const DEFAULT_MAX_TOKENS = 4096;

/**
 * POST /v1/chat/completions: OpenAI's request shape in, a `chat.completion` object out. System and developer turns
 * become the system prompt; `stop` ends the answer before the first sequence it contains, whatever the provider.
 */
export function chatCompletionsTask(input: Record<string, unknown>, context: { callId: string; now: Date }): ModelTask {
  const request = input as ChatCompletionsInput;
  const turns = request.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
  const system = turns
    .filter((t) => t.role === 'system' || t.role === 'developer')
    .map((t) => t.content)
    .join('\n\n');
  const stops = request.stop === undefined ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop;
  return {
    kind: 'text',
    request: {
      ...(system ? { system } : {}),
      messages: conversation(turns.filter((t): t is { role: 'user' | 'assistant'; content: string } => t.role === 'user' || t.role === 'assistant')),
      maxTokens: request.max_tokens ?? DEFAULT_MAX_TOKENS,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    },
    toOutput: (text, completion) => {
      const stop = firstStop(text, stops);
      return {
        id: openAiCompletionId(context.callId),
        object: 'chat.completion',
        created: Math.floor(context.now.getTime() / 1000),
        model: completion.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: stop ? text.slice(0, stop.index) : text, refusal: null },
            finish_reason: stop ? 'stop' : finishReason(completion.finishReason),
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: completion.usage.input,
          completion_tokens: completion.usage.output,
          total_tokens: completion.usage.input + completion.usage.output,
        },
      };
    },
  };
}

function finishReason(reason: FinishReason): string {
  switch (reason) {
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_use':
      return 'tool_calls';
    default:
      return 'stop';
  }
}
