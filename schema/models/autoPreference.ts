import type { ModelId } from './catalogue';

/** What a tool asks of `auto`: a quick cheap answer, careful reasoning, or seeing an image. */
export type ModelNeed = 'fast' | 'reasoning' | 'vision';

/**
 * `auto`'s order of preference per need, best first; it takes the first model whose provider is configured
 * and not cooling down. `fast` and `reasoning` rank every model (any model beats refusing the call);
 * `vision` ranks only the models that accept images. Within one provider the cheaper model that serves
 * the need comes first, so a flat-priced call never lands on a model that costs more than it earns.
 */
export const AUTO_PREFERENCE: Readonly<Record<ModelNeed, readonly ModelId[]>> = {
  fast: [
    'gemini-2.5-flash',
    'gpt-4o-mini',
    'llama-3.3-70b-versatile',
    'claude-haiku-4-5',
    'mistral-small-latest',
    'grok-3-mini',
    'deepseek-chat',
    'llama-3.1-8b-instant',
    'gpt-4o',
    'claude-sonnet-4-6',
    'gemini-2.5-pro',
    'mistral-large-latest',
    'deepseek-reasoner',
    'grok-3',
    'claude-opus-4-6',
  ],
  reasoning: [
    'claude-sonnet-4-6',
    'gemini-2.5-pro',
    'deepseek-reasoner',
    'gpt-4o',
    'grok-3-mini',
    'mistral-large-latest',
    'llama-3.3-70b-versatile',
    'grok-3',
    'claude-opus-4-6',
    'gemini-2.5-flash',
    'gpt-4o-mini',
    'claude-haiku-4-5',
    'deepseek-chat',
    'mistral-small-latest',
    'llama-3.1-8b-instant',
  ],
  vision: [
    'gemini-2.5-flash',
    'gpt-4o-mini',
    'claude-sonnet-4-6',
    'gpt-4o',
    'gemini-2.5-pro',
    'claude-haiku-4-5',
    'mistral-small-latest',
    'mistral-large-latest',
    'claude-opus-4-6',
  ],
};
