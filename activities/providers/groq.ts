import { createOpenAICompatibleProvider } from './openaiCompatible';
import type { ModelProvider, ProviderConnection } from './types';

/**
 * Groq's chat API is OpenAI's wire format under /openai/v1 of its address (GROQ_BASE_URL, https://api.groq.com), with a
 * stream's usage in an x_groq block: the OpenAI-compatible adapter, pointed there.
 */
export function createGroqProvider(connection: ProviderConnection): ModelProvider {
  return createOpenAICompatibleProvider('groq', { ...connection, baseUrl: `${connection.baseUrl.replace(/\/+$/, '')}/openai/v1` });
}
