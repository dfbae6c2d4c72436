import type { TokenUsage } from '../../schema/events';
import type { LOCAL_SERVER_PROVIDER, ProviderName } from '../../schema/models';

/** An image the caller already fetched and checked (size, type, address): adapters send bytes, never a URL to follow. */
export interface ImagePart {
  readonly type: 'image';
  readonly mediaType: string;
  /** Base64, without a `data:` prefix. */
  readonly data: string;
}

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

export type ContentPart = TextPart | ImagePart;

export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly ContentPart[];
}

export interface CompletionRequest {
  /** The id sent upstream. */
  readonly model: string;
  readonly system?: string;
  readonly messages: readonly ChatMessage[];
  readonly maxTokens: number;
  readonly temperature?: number;
  /** Ask for a JSON object where the provider has a switch for it (the prompt must ask for JSON too). */
  readonly json?: boolean;
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_use' | 'other';

export interface Completion {
  readonly text: string;
  /** The model as the provider reports it (often a dated version of the id asked for). */
  readonly model: string;
  /** Billed tokens: output includes reasoning ("thinking") tokens, which providers charge as output. */
  readonly usage: TokenUsage;
  readonly finishReason: FinishReason;
}

export type OnDelta = (text: string) => void;

/**
 * One model provider behind one interface. Failures are thrown as ApplicationFailures: UpstreamFailure
 * (retryable unless the provider refused the request itself) or ModelUnavailable (key or address wrong).
 * An aborted signal rethrows its reason.
 */
export interface ModelProvider {
  readonly name: ProviderName | typeof LOCAL_SERVER_PROVIDER;
  complete(request: CompletionRequest, signal?: AbortSignal): Promise<Completion>;
  /** Calls onDelta with each piece of text as it arrives; resolves with the whole answer and its usage. */
  stream(request: CompletionRequest, onDelta: OnDelta, signal?: AbortSignal): Promise<Completion>;
}

/** What an adapter needs to reach its provider. */
export interface ProviderConnection {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
}

export interface EmbeddingRequest {
  /** The id sent upstream. */
  readonly model: string;
  /** Texts, or token arrays where the provider takes them (OpenAI). */
  readonly inputs: readonly (string | readonly number[])[];
  /** Ask the provider to shorten its vectors (models trained for it); absent: the model's own size. */
  readonly dimensions?: number;
}

export interface ProviderEmbeddings {
  /** One vector per input, in order, as the provider sent it. */
  readonly vectors: readonly (readonly number[])[];
  /** The model as the provider reports it. */
  readonly model: string;
  /** Input tokens the provider counted, or null when it reports none (Gemini's API). */
  readonly inputTokens: number | null;
}

/** A provider's embeddings endpoint behind one interface; failures are thrown as ModelProvider's are. */
export interface EmbeddingAdapter {
  readonly name: ProviderName;
  embed(request: EmbeddingRequest, signal?: AbortSignal): Promise<ProviderEmbeddings>;
}
