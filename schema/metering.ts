import type { TokenUsage } from './events';
// The catalogue and cost modules, not the models index: the index pulls in configuration, and workflows import this.
import { findModel, isLocalModel, MODELS } from './models/catalogue';
import { modelCost } from './models/cost';
import { findEmbeddingModel } from './models/embeddingCatalogue';
import { type Micros, micros } from './money';

/** How `X-Pricing: metered` turns tokens into a charge. Travels with the call so the workflow reads no config. */
export interface MeteringRates {
  /** Added on top of the provider's token price, in whole percent. */
  readonly markupPercent: number;
  readonly minimumMicros: number;
  /** The offline `local` provider has no provider price: these stand in (micro-USD per million tokens). */
  readonly localInputPerMillion: number;
  readonly localOutputPerMillion: number;
  /** The models local servers served when the call was priced, at their configured prices (absent when none). */
  readonly localServers?: readonly { readonly id: string; readonly inputPerMillion: number; readonly outputPerMillion: number }[];
}

const priceOf = (model: string, rates: MeteringRates) => {
  if (isLocalModel(model)) return { inputPerMillion: micros(rates.localInputPerMillion), outputPerMillion: micros(rates.localOutputPerMillion) };
  const served = rates.localServers?.find((m) => m.id === model);
  if (served) return { inputPerMillion: micros(served.inputPerMillion), outputPerMillion: micros(served.outputPerMillion) };
  const embedding = findEmbeddingModel(model);
  if (embedding) return { inputPerMillion: embedding.inputPerMillion, outputPerMillion: micros(0) };
  // A model we cannot price (an alias of a self-hosted server) is billed as the dearest we list, never as free.
  return findModel(model) ?? dearest();
};

function dearest() {
  return MODELS.reduce((a, b) => (b.inputPerMillion + b.outputPerMillion > a.inputPerMillion + a.outputPerMillion ? b : a));
}

/** The charge for tokens used on a model: token price plus markup, rounded up, never below the minimum. */
export function meteredCharge(model: string, tokens: TokenUsage, rates: MeteringRates): Micros {
  const base = modelCost(priceOf(model, rates), tokens);
  return micros(Math.max(rates.minimumMicros, Math.ceil((base * (100 + rates.markupPercent)) / 100)));
}

/** What a call is charged: what was held (flat), or its tokens' price (metered), never more than was held. */
export function chargeWithin(heldMicros: number, result: { readonly model: string; readonly tokens: TokenUsage }, rates?: MeteringRates): number {
  return rates ? Math.min(heldMicros, meteredCharge(result.model, result.tokens, rates)) : heldMicros;
}

/**
 * The most a metered call can cost, reserved before it runs: its input tokens (counted generously) and its
 * whole output budget on the model asked for, or on the dearest model when `auto` may pick any.
 */
export function meteredMaximum(requestedModel: string | undefined, inputTokens: number, maxOutputTokens: number, rates: MeteringRates): Micros {
  const tokens = { input: Math.ceil(inputTokens * 1.5), output: maxOutputTokens };
  const candidates = requestedModel && requestedModel !== 'auto' ? [requestedModel] : [...MODELS.map((m) => m.id), 'local'];
  return micros(Math.max(...candidates.map((m) => meteredCharge(m, tokens, rates))));
}

/** The most a metered embeddings call can cost: its input tokens (counted generously) on the embedding model that serves it. */
export function meteredEmbeddingMaximum(model: string, inputTokens: number, rates: MeteringRates): Micros {
  return meteredCharge(model, { input: Math.ceil(inputTokens * 1.5), output: 0 }, rates);
}
