import OpenAI from 'openai';
import { LOCAL_SERVER_PROVIDER, type ProviderName } from '../../schema/models';
import { estimateTokens } from '../../core/models/tokenEstimates';
import { callSignal } from './callSignal';
import { chatCompletionFinishReason, toChatCompletionMessages } from './chatCompletionFormat';
import { adapterFailure, retryAfterMs, type Upstream, type UpstreamProblem } from './providerFailure';
import type { Completion, CompletionRequest, EmbeddingAdapter, ModelProvider, OnDelta, ProviderConnection } from './types';

type Usage = OpenAI.CompletionUsage;

/** A finishing stream chunk as Groq sends it: the usage in its own x_groq block, beside or instead of `usage`. */
type ChunkUsage = { readonly usage?: Usage | null; readonly x_groq?: { readonly usage?: Usage } };

/**
 * OpenAI's chat-completions API through the official SDK: OpenAI itself, DeepSeek, xAI and Groq (which speak the
 * same wire format at their own addresses: groq.ts), and self-hosted OpenAI-compatible servers (Ollama, LM Studio,
 * vLLM, llama.cpp): behind OPENAI_BASE_URL, or found by the local server probe.
 */
export function createOpenAICompatibleProvider(upstream: Upstream, connection: ProviderConnection): ModelProvider {
  const name = typeof upstream === 'string' ? upstream : LOCAL_SERVER_PROVIDER;
  // Temporal retries the activity; SDK retries would multiply attempts. Our deadline (callSignal) bounds each call;
  // the SDK's timeout only backs it up. Organisation/project headers are OpenAI's alone: never read from the
  // environment, so they cannot leak to DeepSeek or xAI.
  const client = new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    timeout: connection.timeoutMs + 1000,
    maxRetries: 0,
    organization: null,
    project: null,
  });
  const body = (request: CompletionRequest) => ({
    model: request.model,
    messages: toChatCompletionMessages(request),
    max_tokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
  });
  const context = (request: CompletionRequest) => ({ model: request.model, baseUrl: connection.baseUrl });

  return {
    name,
    async complete(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await client.chat.completions.create(body(request), { signal: call.signal });
        const choice = response.choices[0];
        const text = choice?.message.content ?? '';
        return {
          text,
          model: response.model || request.model,
          usage: billedUsage(response.usage, request, text),
          finishReason: chatCompletionFinishReason(choice?.finish_reason),
        };
      } catch (error) {
        throw adapterFailure(upstream, error, call, context(request), describe);
      }
    },
    async stream(request, onDelta: OnDelta, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        // include_usage: the last chunk then carries the token counts (choices empty).
        const chunks = await client.chat.completions.create(
          { ...body(request), stream: true, stream_options: { include_usage: true } },
          { signal: call.signal },
        );
        let text = '';
        let model = request.model;
        let usage: Usage | undefined;
        let finish: string | null | undefined;
        for await (const chunk of chunks) {
          if (chunk.model) model = chunk.model;
          // Groq reports a stream's usage in an x_groq block of the finishing chunk.
          const reported = (chunk as ChunkUsage).usage ?? (chunk as ChunkUsage).x_groq?.usage;
          if (reported) usage = reported;
          const choice = chunk.choices[0];
          if (choice?.finish_reason) finish = choice.finish_reason;
          const delta = choice?.delta?.content; // some self-hosted servers send a finishing chunk without delta
          if (delta) {
            text += delta;
            onDelta(delta);
          }
        }
        call.throwIfAborted();
        return { text, model, usage: billedUsage(usage, request, text), finishReason: chatCompletionFinishReason(finish) } satisfies Completion;
      } catch (error) {
        throw adapterFailure(upstream, error, call, context(request), describe);
      }
    },
  };
}

/** OpenAI's embeddings API through the official SDK: OpenAI itself and OpenAI-compatible servers (Ollama's nomic-embed-text). */
export function createOpenAICompatibleEmbedder(name: ProviderName, connection: ProviderConnection): EmbeddingAdapter {
  const client = new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    timeout: connection.timeoutMs + 1000,
    maxRetries: 0,
    organization: null,
    project: null,
  });
  return {
    name,
    async embed(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await client.embeddings.create(
          {
            model: request.model,
            input: request.inputs as string[] | number[][],
            // Floats, which every compatible server speaks (the SDK would ask for base64 otherwise).
            encoding_format: 'float',
            ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
          },
          { signal: call.signal },
        );
        const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        return { vectors, model: response.model || request.model, inputTokens: response.usage?.prompt_tokens ?? null };
      } catch (error) {
        throw adapterFailure(name, error, call, { model: request.model, baseUrl: connection.baseUrl }, describe);
      }
    },
  };
}

/**
 * Output includes reasoning tokens. OpenAI and DeepSeek count them inside completion_tokens; xAI reports them
 * beside it (total = prompt + completion + reasoning), so the larger of the two readings is the billed one.
 * A server that reports no usage (some self-hosted ones) gets the four-characters-a-token estimate.
 */
function billedUsage(usage: Usage | null | undefined, request: CompletionRequest, text: string) {
  if (!usage) return { input: estimateTokens(JSON.stringify(toChatCompletionMessages(request))), output: estimateTokens(text) };
  const output = Math.max(usage.completion_tokens, (usage.total_tokens ?? 0) - usage.prompt_tokens);
  return { input: usage.prompt_tokens, output };
}

function describe(error: unknown): UpstreamProblem | undefined {
  if (error instanceof OpenAI.APIConnectionError) return { kind: 'network', message: error.message };
  if (error instanceof OpenAI.APIError) {
    // A status-less APIError is an `error` event inside an SSE stream that had started fine.
    if (error.status === undefined) return { kind: 'broken-stream', message: error.message };
    const message = error.message.replace(/^\d{3} /, '');
    // xAI (and some self-hosted servers) answer a wrong key with 400, not 401: it is still the key's fault.
    const status = error.status === 400 && /incorrect api key|invalid api key/i.test(message) ? 401 : error.status;
    return { kind: 'http', status, message, retryAfterMs: retryAfterMs(error.headers) };
  }
  return undefined;
}
