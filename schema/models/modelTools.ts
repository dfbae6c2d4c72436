import { micros } from '../money';
import { LOCAL_SERVER_PROVIDER, PROVIDER_NAMES } from '.';
import { object } from '../registry/fields';
import { bool, int, num, str, strings } from '../registry/shapes';
import type { ToolDraft } from '../registry/types';

const CAPABILITIES = ['fast', 'cheap', 'reasoning', 'vision', 'streaming'] as const;
/** The catalogue's providers, and the local OpenAI-compatible servers the workers found (LOCAL_MODEL_PROBE). */
const MODEL_PROVIDERS = [...PROVIDER_NAMES, LOCAL_SERVER_PROVIDER];
const nullableInt = { type: ['integer', 'null'] } as const;

const modelListing = object(
  {
    id: str,
    provider: { enum: MODEL_PROVIDERS },
    name: str,
    pricing: object({ input_per_million_usd: num, output_per_million_usd: num }, ['input_per_million_usd', 'output_per_million_usd']),
    context_window: { ...nullableInt, description: 'Null for a local server’s model (the server does not say).' },
    max_output_tokens: nullableInt,
    capabilities: { type: 'array', items: { enum: CAPABILITIES } },
    requestable: { ...bool, description: 'May be named in `model`; the others are picked by `auto` only.' },
    configured: { ...bool, description: "Its provider's key (or address) is set on this service." },
  },
  ['id', 'provider', 'name', 'pricing', 'context_window', 'max_output_tokens', 'capabilities', 'requestable', 'configured'],
);

const embeddingListing = object(
  {
    id: str,
    provider: { enum: [...PROVIDER_NAMES, 'local'] },
    name: str,
    pricing: object({ input_per_million_usd: num }, ['input_per_million_usd']),
    dimensions: int,
    shortenable: { ...bool, description: '`dimensions` may ask for a shorter vector (Matryoshka-trained).' },
    max_input_tokens: int,
    configured: { ...bool, description: 'Can answer here: its provider is configured, or it is the local model.' },
  },
  ['id', 'provider', 'name', 'pricing', 'dimensions', 'shortenable', 'max_input_tokens', 'configured'],
);

/** The model catalogue as an endpoint: what `model` accepts on every AI endpoint. */
export const modelTools = [
  {
    name: 'models',
    title: 'Models and prices',
    path: '/models',
    method: 'GET',
    category: 'free',
    summary:
      'The 15 models from 7 providers, and the models local servers serve here: prices per million tokens, context window, capabilities, and whether each is configured here; and the embedding models of /v1/embeddings',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    input: object({
      provider: { enum: MODEL_PROVIDERS },
      capability: { enum: CAPABILITIES },
      configured: { ...bool, description: 'Only the models that can answer here (true) or cannot (false).' },
    }),
    output: object(
      {
        models: { type: 'array', items: modelListing },
        count: int,
        providers: {
          type: 'array',
          items: object({ name: str, display_name: str, configured: bool, api_key_env: str, base_url_env: str }, [
            'name',
            'display_name',
            'configured',
            'api_key_env',
          ]),
        },
        default: { const: 'auto' },
        choices: { ...strings, description: 'Every value `model` accepts.' },
        embedding_models: {
          type: 'array',
          items: embeddingListing,
          description: 'The models POST /v1/embeddings serves (whatever the filters above say).',
        },
        embedding_default: { ...str, description: 'The embedding model `auto` takes here.' },
      },
      ['models', 'count', 'providers', 'default', 'choices', 'embedding_models', 'embedding_default'],
    ),
    example: { capability: 'vision' },
  },
] as const satisfies readonly ToolDraft[];
