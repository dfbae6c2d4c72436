import { Mistral } from '@mistralai/mistralai';
import type { ChatCompletionRequest, ChatCompletionResponse, ContentChunk, UsageInfo } from '@mistralai/mistralai/models/components';
import { ConnectionError, MistralError, ResponseValidationError, UnexpectedClientError } from '@mistralai/mistralai/models/errors';
import { callSignal } from './callSignal';
import { adapterFailure, retryAfterMs, type UpstreamProblem } from './providerFailure';
import type { ChatMessage, Completion, CompletionRequest, EmbeddingAdapter, FinishReason, ModelProvider, ProviderConnection } from './types';

type Message = ChatCompletionRequest['messages'][number];

/** Mistral's chat-completions API through the official SDK. */
export function createMistralProvider(connection: ProviderConnection): ModelProvider {
  // Temporal retries the activity; the SDK makes one attempt, bounded by our deadline (callSignal).
  const client = new Mistral({ apiKey: connection.apiKey, serverURL: connection.baseUrl, retryConfig: { strategy: 'none' } });
  const body = (request: CompletionRequest) => ({
    model: request.model,
    messages: toMessages(request),
    maxTokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.json ? { responseFormat: { type: 'json_object' as const } } : {}),
  });
  const context = (request: CompletionRequest) => ({ model: request.model, baseUrl: connection.baseUrl });

  return {
    name: 'mistral',
    async complete(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        return fromResponse(await client.chat.complete(body(request), { signal: call.signal }), request);
      } catch (error) {
        throw adapterFailure('mistral', error, call, context(request), describe);
      }
    },
    async stream(request, onDelta, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const events = await client.chat.stream(body(request), { signal: call.signal });
        let text = '';
        let model = request.model;
        let usage: UsageInfo | undefined;
        let finish: string | null | undefined;
        for await (const { data: chunk } of events) {
          if (chunk.model) model = chunk.model;
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices[0];
          if (choice?.finishReason) finish = choice.finishReason;
          const delta = textOf(choice?.delta?.content);
          if (delta) {
            text += delta;
            onDelta(delta);
          }
        }
        call.throwIfAborted();
        return { text, model, usage: usageOf(usage), finishReason: finishReason(finish) } satisfies Completion;
      } catch (error) {
        throw adapterFailure('mistral', error, call, context(request), describe);
      }
    },
  };
}

/** Mistral's embeddings API through the official SDK. */
export function createMistralEmbedder(connection: ProviderConnection): EmbeddingAdapter {
  const client = new Mistral({ apiKey: connection.apiKey, serverURL: connection.baseUrl, retryConfig: { strategy: 'none' } });
  return {
    name: 'mistral',
    async embed(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await client.embeddings.create(
          {
            model: request.model,
            inputs: request.inputs.map(String),
            ...(request.dimensions === undefined ? {} : { outputDimension: request.dimensions }),
          },
          { signal: call.signal },
        );
        const vectors = [...response.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding ?? []);
        return { vectors, model: response.model || request.model, inputTokens: response.usage?.promptTokens ?? null };
      } catch (error) {
        throw adapterFailure('mistral', error, call, { model: request.model, baseUrl: connection.baseUrl }, describe);
      }
    },
  };
}

function toMessages(request: CompletionRequest): Message[] {
  const messages: Message[] = request.system ? [{ role: 'system', content: request.system }] : [];
  for (const message of request.messages) messages.push(toMessage(message));
  return messages;
}

function toMessage(message: ChatMessage): Message {
  const content: string | ContentChunk[] =
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) =>
          part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', imageUrl: `data:${part.mediaType};base64,${part.data}` },
        );
  return message.role === 'assistant' ? { role: 'assistant', content } : { role: 'user', content };
}

function fromResponse(response: ChatCompletionResponse, request: CompletionRequest): Completion {
  const choice = response.choices[0];
  return {
    text: textOf(choice?.message?.content),
    model: response.model || request.model,
    usage: usageOf(response.usage),
    finishReason: finishReason(choice?.finishReason),
  };
}

/** Content is a string, or chunks of which only the text ones are the answer (thinking chunks are not). */
function textOf(content: string | ContentChunk[] | null | undefined): string {
  if (!content) return '';
  if (typeof content === 'string') return content;
  return content.flatMap((chunk) => (chunk.type === 'text' ? [chunk.text] : [])).join('');
}

function usageOf(usage: UsageInfo | undefined) {
  return { input: usage?.promptTokens ?? 0, output: usage?.completionTokens ?? 0 };
}

function finishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
    case 'model_length':
      return 'length';
    case 'tool_calls':
      return 'tool_use';
    default:
      return 'other';
  }
}

function describe(error: unknown): UpstreamProblem | undefined {
  if (error instanceof ConnectionError) return { kind: 'network', message: error.message };
  // The SDK spots connection errors by class; fetch's from another realm (a sandbox) arrive as "unexpected".
  if (error instanceof UnexpectedClientError && /fetch failed/i.test(String(error.cause))) return { kind: 'network', message: error.message };
  // A 200 whose body is not a chat completion: the provider (or a proxy before it) answered something else.
  if (error instanceof ResponseValidationError) return { kind: 'broken-stream', message: error.message };
  if (error instanceof MistralError)
    return { kind: 'http', status: error.statusCode, message: bodyMessage(error.body) ?? error.message, retryAfterMs: retryAfterMs(error.headers) };
  return undefined;
}

/** Mistral's error bodies carry `message` (a string, or validation detail) at the top level. */
function bodyMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; detail?: unknown };
    const message = parsed.message ?? parsed.detail;
    return typeof message === 'string' ? message : message === undefined ? undefined : JSON.stringify(message);
  } catch {
    return body || undefined;
  }
}
