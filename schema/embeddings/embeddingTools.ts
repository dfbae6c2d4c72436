import { usdToMicros } from '../money';
import { MAX_TEXT, object } from '../registry/fields';
import { int, str } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/** OpenAI's limits on one request: 2,048 inputs, each at most 8,192 tokens when sent as token ids. */
export const MAX_EMBEDDING_INPUTS = 2048;
const MAX_TOKEN_IDS = 8192;

const text = { type: 'string', minLength: 1, maxLength: MAX_TEXT } as const satisfies JsonSchema;
const tokenIds = { type: 'array', minItems: 1, maxItems: MAX_TOKEN_IDS, items: { type: 'integer', minimum: 0 } } as const satisfies JsonSchema;

/**
 * Embeddings: vectors that place texts by meaning, in OpenAI's wire format (so its SDKs work unchanged). Their models
 * are a catalogue of their own (schema/models/embeddingCatalogue.ts): a configured provider's, or the local
 * all-MiniLM-L6-v2 the workers run with no key. Billed per token for keys (X-Pricing: flat for the flat price).
 */
export const embeddingTools = [
  {
    name: 'v1/embeddings',
    title: 'Embeddings (OpenAI format)',
    path: '/v1/embeddings',
    method: 'POST',
    category: 'text-ai',
    summary:
      "OpenAI's embeddings format: input (text, a list of texts, or token ids), model (`auto`, `local` or an embedding model from GET /models), encoding_format, dimensions; a list of vectors with usage out. Billed per token with a key",
    // What x402 and the free tier pay (and a key with X-Pricing: flat); keys are billed per token otherwise.
    price: usdToMicros('0.001'),
    defaultPricing: 'metered',
    premium: false,
    freeTier: true,
    execution: 'activity',
    model: 'embedding',
    wire: 'openai',
    // Vectors are for storing and comparing, not text an agent or a chain step reads on.
    agents: 'never',
    mcp: true,
    input: object(
      {
        input: {
          anyOf: [
            text,
            { type: 'array', minItems: 1, maxItems: MAX_EMBEDDING_INPUTS, items: text },
            tokenIds,
            { type: 'array', minItems: 1, maxItems: MAX_EMBEDDING_INPUTS, items: tokenIds },
          ],
          description: 'What to embed: a text, a list of texts, or token ids of the model (one list, or a list of lists).',
        },
        model: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            '`auto` (default: a configured provider’s embedding model, else the local all-MiniLM-L6-v2), `local`, or an embedding model id from GET /models.',
        },
        encoding_format: {
          enum: ['float', 'base64'],
          default: 'float',
          description: '`float`: arrays of numbers; `base64`: each vector as little-endian float32 bytes in base64.',
        },
        dimensions: {
          type: 'integer',
          minimum: 1,
          maximum: 3072,
          description: 'A shorter vector, for models trained to be shortened (text-embedding-3-*, gemini-embedding-001, text-embedding-004).',
        },
        user: { type: 'string', maxLength: 256, description: 'Accepted for compatibility; not used.' },
      },
      ['input'],
    ),
    output: object(
      {
        object: { const: 'list' },
        data: {
          type: 'array',
          items: object(
            {
              object: { const: 'embedding' },
              index: int,
              embedding: { anyOf: [{ type: 'array', items: { type: 'number' } }, str] },
            },
            ['object', 'index', 'embedding'],
          ),
        },
        model: str,
        usage: object({ prompt_tokens: int, total_tokens: int }, ['prompt_tokens', 'total_tokens']),
      },
      ['object', 'data', 'model', 'usage'],
    ),
    example: { model: 'auto', input: ['The food was delicious and the waiter was friendly.', 'A great meal, kindly served.'] },
  },
] as const satisfies readonly ToolDraft[];
