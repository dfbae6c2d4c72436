import { micros } from '../money';
import { PROVIDER_NAMES } from '.';
import { object } from '../registry/fields';
import { bool, int, num, str, strings } from '../registry/shapes';
import type { ToolDraft } from '../registry/types';

const CAPABILITIES = ['fast', 'cheap', 'reasoning', 'vision', 'streaming'] as const;

const modelListing = object(
  {
    id: str,
    provider: { enum: PROVIDER_NAMES },
    name: str,
    pricing: object({ input_per_million_usd: num, output_per_million_usd: num }, ['input_per_million_usd', 'output_per_million_usd']),
    context_window: int,
    max_output_tokens: int,
    capabilities: { type: 'array', items: { enum: CAPABILITIES } },
    requestable: { ...bool, description: 'May be named in `model`; the others are picked by `auto` only.' },
    configured: { ...bool, description: "Its provider's key (or address) is set on this service." },
  },
  ['id', 'provider', 'name', 'pricing', 'context_window', 'max_output_tokens', 'capabilities', 'requestable', 'configured'],
);

/** The model catalogue as an endpoint: what `model` accepts on every AI endpoint. */
export const modelTools = [
  {
    name: 'models',
    path: '/models',
    method: 'GET',
    category: 'free',
    summary: 'The 15 models from 7 providers: prices per million tokens, context window, capabilities, and whether each is configured here',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    input: object({
      provider: { enum: PROVIDER_NAMES },
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
      },
      ['models', 'count', 'providers', 'default', 'choices'],
    ),
    example: { capability: 'vision' },
  },
] as const satisfies readonly ToolDraft[];
