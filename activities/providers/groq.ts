import Groq from 'groq-sdk';
import { callSignal } from './callSignal';
import { chatCompletionFinishReason, toChatCompletionMessages } from './chatCompletionFormat';
import { adapterFailure, retryAfterMs, type UpstreamProblem } from './providerFailure';
import type { Completion, CompletionRequest, ModelProvider, ProviderConnection } from './types';

type Usage = Groq.CompletionUsage;

/** Groq's OpenAI-style chat API (under /openai/v1) through Groq's official SDK. */
export function createGroqProvider(connection: ProviderConnection): ModelProvider {
  // Temporal retries the activity; SDK retries would multiply attempts. Our deadline (callSignal) bounds each call;
  // the SDK's timeout only backs it up.
  const client = new Groq({ apiKey: connection.apiKey, baseURL: connection.baseUrl, timeout: connection.timeoutMs + 1000, maxRetries: 0 });
  const body = (request: CompletionRequest) => ({
    model: request.model,
    messages: toChatCompletionMessages(request),
    max_tokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
  });
  const context = (request: CompletionRequest) => ({ model: request.model, baseUrl: connection.baseUrl });

  return {
    name: 'groq',
    async complete(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await client.chat.completions.create(body(request), { signal: call.signal });
        const choice = response.choices[0];
        return {
          text: choice?.message.content ?? '',
          model: response.model || request.model,
          usage: usageOf(response.usage),
          finishReason: chatCompletionFinishReason(choice?.finish_reason),
        };
      } catch (error) {
        throw adapterFailure('groq', error, call, context(request), describe);
      }
    },
    async stream(request, onDelta, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const chunks = await client.chat.completions.create({ ...body(request), stream: true }, { signal: call.signal });
        let text = '';
        let model = request.model;
        let usage: Usage | null | undefined;
        let finish: string | null | undefined;
        for await (const chunk of chunks) {
          if (chunk.model) model = chunk.model;
          // Groq reports a stream's usage in its own x_groq block of the final chunk.
          if (chunk.x_groq?.usage) usage = chunk.x_groq.usage;
          const choice = chunk.choices[0];
          if (choice?.finish_reason) finish = choice.finish_reason;
          const delta = choice?.delta?.content;
          if (delta) {
            text += delta;
            onDelta(delta);
          }
        }
        call.throwIfAborted();
        return { text, model, usage: usageOf(usage), finishReason: chatCompletionFinishReason(finish) } satisfies Completion;
      } catch (error) {
        throw adapterFailure('groq', error, call, context(request), describe);
      }
    },
  };
}

function usageOf(usage: Usage | null | undefined) {
  return { input: usage?.prompt_tokens ?? 0, output: usage?.completion_tokens ?? 0 };
}

function describe(error: unknown): UpstreamProblem | undefined {
  if (error instanceof Groq.APIConnectionError) return { kind: 'network', message: error.message };
  if (error instanceof Groq.APIError) {
    // A status-less APIError is an error event inside a stream that had started fine.
    if (error.status === undefined) return { kind: 'broken-stream', message: error.message };
    return { kind: 'http', status: error.status, message: error.message.replace(/^\d{3} /, ''), retryAfterMs: retryAfterMs(error.headers) };
  }
  return undefined;
}
