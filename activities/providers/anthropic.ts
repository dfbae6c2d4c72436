import Anthropic from '@anthropic-ai/sdk';
import { invalidInput } from '../../core/calls/callFailures';
import { callSignal } from './callSignal';
import { adapterFailure, retryAfterMs, type UpstreamProblem } from './providerFailure';
import type { ChatMessage, CompletionRequest, FinishReason, ImagePart, ModelProvider, ProviderConnection } from './types';

type ImageMediaType = Anthropic.Base64ImageSource['media_type'];
const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] satisfies ImageMediaType[];

/** Anthropic's Messages API through the official SDK. */
export function createAnthropicProvider(connection: ProviderConnection): ModelProvider {
  // Temporal retries the activity; SDK retries would multiply attempts. Our deadline (callSignal) bounds each call;
  // the SDK's timeout only backs it up (and, being explicit, spares large max_tokens the SDK's streaming-only rule).
  const client = new Anthropic({ apiKey: connection.apiKey, baseURL: connection.baseUrl, timeout: connection.timeoutMs + 1000, maxRetries: 0 });
  // Anthropic has no JSON switch: the tool's prompt asks for JSON, and that is all `json` can do here.
  const params = (request: CompletionRequest) => ({
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages.map(toMessage),
    ...(request.system ? { system: request.system } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  });
  const context = (request: CompletionRequest) => ({ model: request.model, baseUrl: connection.baseUrl });

  return {
    name: 'anthropic',
    async complete(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        return fromMessage(await client.messages.create(params(request), { signal: call.signal }));
      } catch (error) {
        throw adapterFailure('anthropic', error, call, context(request), describe);
      }
    },
    async stream(request, onDelta, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const stream = client.messages.stream(params(request), { signal: call.signal });
        stream.on('text', (delta) => onDelta(delta));
        const message = await stream.finalMessage();
        call.throwIfAborted();
        return fromMessage(message);
      } catch (error) {
        throw adapterFailure('anthropic', error, call, context(request), describe);
      }
    },
  };
}

function toMessage(message: ChatMessage): Anthropic.MessageParam {
  if (typeof message.content === 'string') return { role: message.role, content: message.content };
  return {
    role: message.role,
    content: message.content.map((part): Anthropic.ContentBlockParam =>
      part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', source: toImageSource(part) },
    ),
  };
}

function toImageSource(part: ImagePart): Anthropic.Base64ImageSource {
  if (!IMAGE_TYPES.includes(part.mediaType)) throw invalidInput(`Claude models read ${IMAGE_TYPES.join(', ')} images, not ${part.mediaType}`);
  return { type: 'base64', media_type: part.mediaType as ImageMediaType, data: part.data };
}

function fromMessage(message: Anthropic.Message) {
  const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  const { usage } = message;
  // Cache writes and reads are input the provider bills too (at its own rates); none is asked for here.
  const input = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  return { text, model: message.model, usage: { input, output: usage.output_tokens }, finishReason: finishReason(message.stop_reason) };
}

function finishReason(reason: Anthropic.StopReason | null): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content_filter';
    case 'tool_use':
      return 'tool_use';
    default:
      return 'other';
  }
}

function describe(error: unknown): UpstreamProblem | undefined {
  if (error instanceof Anthropic.APIConnectionError) return { kind: 'network', message: error.message };
  if (error instanceof Anthropic.APIError) {
    const message = error.apiMessage ?? error.message;
    // A status-less APIError is an `event: error` (e.g. overloaded_error) inside a stream that had started fine.
    if (error.status === undefined) return { kind: 'broken-stream', message };
    return { kind: 'http', status: error.status, message, retryAfterMs: retryAfterMs(error.headers) };
  }
  return undefined;
}
