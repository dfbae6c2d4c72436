import { ApiError, type Content, type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { callSignal } from './callSignal';
import { adapterFailure, type UpstreamProblem } from './providerFailure';
import type { ChatMessage, Completion, CompletionRequest, EmbeddingAdapter, FinishReason, ModelProvider, ProviderConnection } from './types';

/** Google's Gemini API (generateContent, streamGenerateContent with SSE) through the official SDK. */
export function createGoogleProvider(connection: ProviderConnection): ModelProvider {
  // vertexai: false so the SDK never switches to Vertex AI on ambient GOOGLE_* variables. No retryOptions: the SDK
  // then makes one attempt and Temporal retries the activity. Our deadline (callSignal) bounds each call, so the
  // plain global fetch will do: the SDK's own dispatcher reaches for undici's global by a symbol that exists only
  // in the main realm (not in sandboxes such as jest's), to lift undici's 300 s limits our deadline is below anyway.
  const ai = new GoogleGenAI({ vertexai: false, apiKey: connection.apiKey, httpOptions: { baseUrl: connection.baseUrl, fetch: globalThis.fetch } });
  const params = (request: CompletionRequest, signal: AbortSignal): GenerateContentParameters => ({
    model: request.model,
    contents: request.messages.map(toContent),
    config: {
      maxOutputTokens: request.maxTokens,
      ...(request.system ? { systemInstruction: request.system } : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.json ? { responseMimeType: 'application/json' } : {}),
      abortSignal: signal,
    },
  });
  const context = (request: CompletionRequest) => ({ model: request.model, baseUrl: connection.baseUrl });

  return {
    name: 'google',
    async complete(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await ai.models.generateContent(params(request, call.signal));
        return { text: textOf(response), model: response.modelVersion ?? request.model, usage: usageOf(response), finishReason: finishReason(response) };
      } catch (error) {
        throw adapterFailure('google', error, call, context(request), describe);
      }
    },
    async stream(request, onDelta, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        let text = '';
        let last: GenerateContentResponse | undefined;
        let finish: FinishReason = 'other';
        for await (const chunk of await ai.models.generateContentStream(params(request, call.signal))) {
          last = chunk;
          if (chunk.candidates?.[0]?.finishReason) finish = finishReason(chunk);
          const delta = textOf(chunk);
          if (delta) {
            text += delta;
            onDelta(delta);
          }
        }
        call.throwIfAborted();
        // Every chunk repeats usageMetadata as it stands so far; the last one holds the totals.
        return {
          text,
          model: last?.modelVersion ?? request.model,
          usage: last ? usageOf(last) : { input: 0, output: 0 },
          finishReason: finish,
        } satisfies Completion;
      } catch (error) {
        throw adapterFailure('google', error, call, context(request), describe);
      }
    },
  };
}

/** Gemini's embeddings (batchEmbedContents) through the official SDK. Gemini reports no token counts for them. */
export function createGoogleEmbedder(connection: ProviderConnection): EmbeddingAdapter {
  const ai = new GoogleGenAI({ vertexai: false, apiKey: connection.apiKey, httpOptions: { baseUrl: connection.baseUrl, fetch: globalThis.fetch } });
  return {
    name: 'google',
    async embed(request, signal) {
      const call = callSignal(connection.timeoutMs, signal);
      try {
        const response = await ai.models.embedContent({
          model: request.model,
          contents: request.inputs.map((input) => ({ role: 'user', parts: [{ text: String(input) }] })),
          config: { abortSignal: call.signal, ...(request.dimensions === undefined ? {} : { outputDimensionality: request.dimensions }) },
        });
        return { vectors: (response.embeddings ?? []).map((e) => e.values ?? []), model: request.model, inputTokens: null };
      } catch (error) {
        throw adapterFailure('google', error, call, { model: request.model, baseUrl: connection.baseUrl }, describe);
      }
    },
  };
}

function toContent(message: ChatMessage): Content {
  const role = message.role === 'assistant' ? 'model' : 'user';
  if (typeof message.content === 'string') return { role, parts: [{ text: message.content }] };
  return {
    role,
    parts: message.content.map((part) => (part.type === 'text' ? { text: part.text } : { inlineData: { mimeType: part.mediaType, data: part.data } })),
  };
}

/** The answer's text parts, leaving out thought summaries. */
function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts.flatMap((part) => (typeof part.text === 'string' && !part.thought ? [part.text] : [])).join('');
}

/** Thinking tokens are billed as output, and Gemini reports them apart from the candidates' tokens. */
function usageOf(response: GenerateContentResponse) {
  const usage = response.usageMetadata;
  return { input: usage?.promptTokenCount ?? 0, output: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0) };
}

function finishReason(response: GenerateContentResponse): FinishReason {
  switch (response.candidates?.[0]?.finishReason) {
    case 'STOP':
      return 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
    case 'IMAGE_PROHIBITED_CONTENT':
      return 'content_filter';
    default:
      return 'other';
  }
}

function describe(error: unknown): UpstreamProblem | undefined {
  if (error instanceof ApiError) {
    const body = googleError(error.message);
    // Gemini answers a wrong key with 400 INVALID_ARGUMENT (reason API_KEY_INVALID): it is still the key's fault.
    const status = body?.keyInvalid ? 401 : error.status;
    return { kind: 'http', status, message: body?.message ?? error.message, ...(body?.retryAfterMs === undefined ? {} : { retryAfterMs: body.retryAfterMs }) };
  }
  // fetch's errors come from Node's own realm (and the SDK may wrap them), so they are recognised by message.
  const chain = causeChain(error);
  if (chain.some((e) => /fetch failed/i.test(e.message))) return { kind: 'network', message: chain.at(-1)?.message ?? 'fetch failed' };
  const message = chain[0]?.message ?? '';
  if (/stream chunk|Incomplete JSON segment/.test(message)) return { kind: 'broken-stream', message };
  return undefined;
}

function causeChain(error: unknown): { message: string }[] {
  const chain: { message: string }[] = [];
  for (let e = error; typeof e === 'object' && e !== null && 'message' in e && chain.length < 5; e = (e as { cause?: unknown }).cause)
    chain.push({ message: String(e.message) });
  return chain;
}

/** The SDK puts the JSON error body (google.rpc.Status) in the message; its RetryInfo says when to come back. */
function googleError(text: string): { message?: string; retryAfterMs?: number; keyInvalid: boolean } | undefined {
  const json = text.slice(text.indexOf('{'));
  try {
    const { error } = JSON.parse(json) as { error?: { message?: string; details?: { '@type'?: string; retryDelay?: string; reason?: string }[] } };
    const detail = (type: string) => error?.details?.find((d) => d['@type']?.endsWith(type));
    const delay = detail('google.rpc.RetryInfo')?.retryDelay;
    const seconds = delay ? Number.parseFloat(delay) : NaN;
    return {
      message: error?.message,
      keyInvalid: detail('google.rpc.ErrorInfo')?.reason === 'API_KEY_INVALID',
      ...(Number.isFinite(seconds) ? { retryAfterMs: Math.round(seconds * 1000) } : {}),
    };
  } catch {
    return undefined;
  }
}
