import { micros, usdToMicros } from '../money';
import { MAX_TEXT, modelField, object } from '../registry/fields';
import { bool, int, str, textInput } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/**
 * Conversation: /chat, Anthropic's message format at /v1/messages, OpenAI's chat completions at /v1/chat/completions
 * (each optionally streamed), and the free /preview. Free-form text, not JSON.
 */
const generative = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'activity', model: 'generative' } as const;

/** The largest answer a caller may ask for in max_tokens. */
export const MAX_ANSWER_TOKENS = 8192;
/** The free demo's answer length (spec §8). */
export const PREVIEW_TOKENS = 120;

const chatMessage = object({ role: { enum: ['user', 'assistant', 'system'] }, content: { type: 'string', maxLength: MAX_TEXT } }, ['role', 'content']);

/** Anthropic content: a string, or text blocks (other keys a client sends on a block, such as cache_control, are ignored). */
const textBlocks = {
  type: 'array',
  minItems: 1,
  maxItems: 100,
  items: { type: 'object', properties: { type: { const: 'text' }, text: { type: 'string', maxLength: MAX_TEXT } }, required: ['type', 'text'] },
} as const satisfies JsonSchema;
const anthropicContent = { anyOf: [{ type: 'string', maxLength: MAX_TEXT }, textBlocks] } as const satisfies JsonSchema;
const anthropicMessages = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  items: object({ role: { enum: ['user', 'assistant'] }, content: anthropicContent }, ['role', 'content']),
} as const satisfies JsonSchema;

/** OpenAI content: a string, or text parts (an image part is refused: this route reads text only). */
const openAiContent = {
  anyOf: [
    { type: 'string', maxLength: MAX_TEXT },
    {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { type: 'object', properties: { type: { const: 'text' }, text: { type: 'string', maxLength: MAX_TEXT } }, required: ['type', 'text'] },
    },
  ],
} as const satisfies JsonSchema;

const openAiMessage = object(
  {
    role: { enum: ['system', 'developer', 'user', 'assistant'], description: '`developer` is read as `system`.' },
    content: openAiContent,
    name: { type: 'string', maxLength: 64, description: 'Accepted for compatibility; not used.' },
  },
  ['role', 'content'],
);

/** A model as OpenAI's `GET /v1/models` lists it; `created` is when this service started (the catalogue keeps no release dates). */
const openAiModel = object({ id: str, object: { const: 'model' }, created: int, owned_by: str }, ['id', 'object', 'created', 'owned_by']);
const nullableStr = { type: ['string', 'null'] } as const satisfies JsonSchema;
const nullableInt = { type: ['integer', 'null'] } as const satisfies JsonSchema;
/** A model as Anthropic's `GET /v1/models` lists it (the fields its SDK reads; capabilities and lifecycle left out). */
const anthropicModel = object(
  {
    type: { const: 'model' },
    id: str,
    display_name: str,
    created_at: { type: 'string', format: 'date-time' },
    max_input_tokens: { ...nullableInt, description: "The model's context window, when known." },
    max_tokens: { ...nullableInt, description: 'The most `max_tokens` may ask for with this model here.' },
  },
  ['type', 'id', 'display_name', 'created_at', 'max_input_tokens', 'max_tokens'],
);
/** GET /v1/models and /v1/models/{model}: free, open, in the format of the vendor whose client asks. */
const vendorModelsEndpoint = {
  method: 'GET',
  category: 'free',
  price: micros(0),
  premium: false,
  freeTier: false,
  execution: 'inline',
  model: 'none',
  access: 'open',
  wire: 'vendor',
} as const;

export const conversationTools = [
  {
    ...generative,
    name: 'chat',
    title: 'Chat',
    agents: 'when-named',
    path: '/chat',
    summary: 'Stateless multi-turn chat from the full message history; `stream: true` answers as server-sent events',
    price: usdToMicros('0.02'),
    streaming: 'on-request',
    maxOutputTokens: 4096,
    input: object(
      {
        messages: {
          type: 'array',
          items: chatMessage,
          minItems: 1,
          maxItems: 200,
          description: 'The conversation so far, oldest first; the last turn is the user’s.',
        },
        message: textInput('A single user message (instead of `messages`).'),
        system: textInput('Instructions for the assistant.', 20_000),
        stream: { type: 'boolean', default: false, description: 'Answer as server-sent events (`data:` lines), ending with a `done` event.' },
        max_tokens: { type: 'integer', minimum: 1, maximum: MAX_ANSWER_TOKENS },
        temperature: { type: 'number', minimum: 0, maximum: 2 },
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['messages'] }, { required: ['message'] }] },
    ),
    output: object(
      {
        reply: str,
        message: object({ role: { const: 'assistant' }, content: str }, ['role', 'content']),
        finish_reason: { enum: ['stop', 'length', 'content_filter', 'tool_use', 'other'] },
      },
      ['reply', 'message', 'finish_reason'],
    ),
    aliases: { text: 'message', prompt: 'message', content: 'message', system_prompt: 'system' },
    prompt: 'You are a helpful, accurate and concise assistant.',
    example: { messages: [{ role: 'user', content: 'Name three uses of event sourcing.' }] },
  },
  {
    ...generative,
    name: 'v1/messages',
    title: 'Messages (Anthropic format)',
    // Anthropic's wire format over HTTP, not a tool a model would pick.
    agents: 'when-named',
    mcp: false,
    path: '/v1/messages',
    summary:
      "Anthropic's Messages API format: model, max_tokens, messages in; content[0].text out (`stream: true` for Anthropic's events). Authenticates with x-api-key",
    price: usdToMicros('0.02'),
    maxOutputTokens: MAX_ANSWER_TOKENS,
    streaming: 'on-request',
    wire: 'anthropic',
    input: object(
      {
        model: modelField,
        max_tokens: { type: 'integer', minimum: 1, maximum: MAX_ANSWER_TOKENS },
        messages: anthropicMessages,
        system: anthropicContent,
        temperature: { type: 'number', minimum: 0, maximum: 1 },
        stop_sequences: {
          type: 'array',
          items: { type: 'string', maxLength: 200 },
          maxItems: 4,
          description: 'The answer ends just before the first of these it contains; stop_reason is then "stop_sequence".',
        },
        metadata: { type: 'object', description: 'Accepted for compatibility; not used.' },
        stream: {
          type: 'boolean',
          default: false,
          description: "Answer as Anthropic's server-sent events: message_start, content_block_start, content_block_delta …, message_delta, message_stop.",
        },
      },
      ['max_tokens', 'messages'],
    ),
    output: object(
      {
        id: str,
        type: { const: 'message' },
        role: { const: 'assistant' },
        model: str,
        content: { type: 'array', items: object({ type: { const: 'text' }, text: str }, ['type', 'text']) },
        stop_reason: { enum: ['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'refusal'] },
        stop_sequence: { type: ['string', 'null'] },
        usage: object({ input_tokens: int, output_tokens: int }, ['input_tokens', 'output_tokens']),
      },
      ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage'],
    ),
    example: { model: 'auto', max_tokens: 256, messages: [{ role: 'user', content: 'Hello!' }] },
  },
  {
    name: 'v1/messages/count_tokens',
    title: 'Count tokens (Anthropic format)',
    path: '/v1/messages/count_tokens',
    method: 'POST',
    category: 'free',
    summary:
      "Anthropic's token counting: the body of /v1/messages without max_tokens in, `{input_tokens, estimated}` out; free (no model runs: the service's estimate of about four characters a token)",
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    access: 'open',
    wire: 'anthropic',
    input: object({ model: modelField, messages: anthropicMessages, system: anthropicContent }, ['messages']),
    output: object(
      {
        input_tokens: int,
        estimated: {
          const: true,
          description: "The count is the service's estimate (about four characters a token); a provider's tokenizer may count differently.",
        },
      },
      ['input_tokens', 'estimated'],
    ),
    example: { model: 'auto', messages: [{ role: 'user', content: 'Hello, world' }] },
  },
  {
    ...generative,
    name: 'v1/chat/completions',
    title: 'Chat completions (OpenAI format)',
    // OpenAI's wire format over HTTP, so every OpenAI SDK works; not a tool a model would pick.
    agents: 'when-named',
    mcp: false,
    path: '/v1/chat/completions',
    summary:
      "OpenAI's Chat Completions format: model (`auto` or a catalogue id), messages in; a chat.completion with usage out (`stream: true` for chat.completion.chunk events ending with [DONE]). Billed like /chat",
    price: usdToMicros('0.02'),
    maxOutputTokens: MAX_ANSWER_TOKENS,
    streaming: 'on-request',
    wire: 'openai',
    input: object(
      {
        model: modelField,
        messages: { type: 'array', minItems: 1, maxItems: 200, items: openAiMessage },
        max_tokens: { type: 'integer', minimum: 1, maximum: MAX_ANSWER_TOKENS, description: 'Most tokens the answer may have (or `max_completion_tokens`).' },
        temperature: { type: 'number', minimum: 0, maximum: 2 },
        stop: {
          anyOf: [
            { type: 'string', minLength: 1, maxLength: 200 },
            { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: 4 },
          ],
          description: 'The answer ends just before the first of these it contains (finish_reason "stop").',
        },
        stream: { type: 'boolean', default: false, description: 'Answer as server-sent chat.completion.chunk events, ending with `data: [DONE]`.' },
        stream_options: object({ include_usage: { type: 'boolean', description: 'Send a last chunk with the usage (and empty choices) before [DONE].' } }),
        n: { const: 1, description: 'One choice is generated.' },
        user: { type: 'string', maxLength: 256, description: 'Accepted for compatibility; not used.' },
      },
      ['messages'],
    ),
    output: object(
      {
        id: str,
        object: { const: 'chat.completion' },
        created: int,
        model: str,
        choices: {
          type: 'array',
          items: object(
            {
              index: int,
              message: object({ role: { const: 'assistant' }, content: str, refusal: { type: 'null' } }, ['role', 'content']),
              finish_reason: { enum: ['stop', 'length', 'content_filter', 'tool_calls'] },
              logprobs: { type: 'null' },
            },
            ['index', 'message', 'finish_reason'],
          ),
        },
        usage: object({ prompt_tokens: int, completion_tokens: int, total_tokens: int }, ['prompt_tokens', 'completion_tokens', 'total_tokens']),
      },
      ['id', 'object', 'created', 'model', 'choices', 'usage'],
    ),
    aliases: { max_completion_tokens: 'max_tokens' },
    example: { model: 'auto', messages: [{ role: 'user', content: 'Hello!' }] },
  },
  {
    ...vendorModelsEndpoint,
    name: 'v1/models',
    title: 'List models (OpenAI or Anthropic format)',
    path: '/v1/models',
    summary:
      "The models /v1/chat/completions and /v1/messages can answer with here (`auto` first), in OpenAI's list format, or Anthropic's (paginated) with an anthropic-version header; GET /models has the whole catalogue",
    input: object({
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20, description: "Anthropic's format: models per page." },
      after_id: { type: 'string', minLength: 1, maxLength: 200, description: "Anthropic's format: the page after this model id (a page's last_id)." },
      before_id: { type: 'string', minLength: 1, maxLength: 200, description: "Anthropic's format: the page before this model id (a page's first_id)." },
    }),
    output: {
      anyOf: [
        object({ object: { const: 'list' }, data: { type: 'array', items: openAiModel } }, ['object', 'data']),
        object({ data: { type: 'array', items: anthropicModel }, has_more: bool, first_id: nullableStr, last_id: nullableStr }, [
          'data',
          'has_more',
          'first_id',
          'last_id',
        ]),
      ],
    },
  },
  {
    ...vendorModelsEndpoint,
    name: 'v1/models/model',
    title: 'Get a model (OpenAI or Anthropic format)',
    path: '/v1/models/:model',
    summary: "One model /v1/models lists, in OpenAI's format or Anthropic's (with an anthropic-version header); 404 for any other id",
    input: object({ model: { type: 'string', minLength: 1, maxLength: 200, description: 'The model id, as /v1/models lists it.' } }, ['model']),
    output: { anyOf: [openAiModel, anthropicModel] },
  },
  {
    ...generative,
    name: 'preview',
    title: 'Quick answer (demo)',
    agents: 'when-named',
    path: '/preview',
    summary: `Free demo: a ${PREVIEW_TOKENS}-token answer on a topic, no key needed`,
    price: micros(0),
    freeTier: false,
    maxOutputTokens: PREVIEW_TOKENS,
    input: object({ topic: textInput('What to write about.', 500), model: modelField }, ['topic']),
    output: object({ topic: str, preview: str, max_tokens: int, truncated: { type: 'boolean' }, hint: str }, ['topic', 'preview', 'max_tokens', 'truncated']),
    aliases: { text: 'topic', query: 'topic', question: 'topic', prompt: 'topic', content: 'topic' },
    prompt: `Give a short, informative overview of the topic in at most ${PREVIEW_TOKENS} tokens: plain prose, no preamble.`,
    example: { topic: 'Why durable execution matters for AI agents' },
  },
] as const satisfies readonly ToolDraft[];
