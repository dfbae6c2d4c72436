import type { TokenUsage } from '../events';
import { type Micros, micros } from '../money';
import type { ModelInfo } from './catalogue';

const TOKENS_PER_PRICE_UNIT = 1_000_000n;

/**
 * What the tokens of one call cost on a model, in micro-USD, rounded up once on the sum so the
 * provider's cost is always covered. BigInt: a million tokens at 75 USD/M is already 7.5e13 before dividing.
 */
export function modelCost(model: Pick<ModelInfo, 'inputPerMillion' | 'outputPerMillion'>, usage: TokenUsage): Micros {
  for (const count of [usage.input, usage.output]) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`token counts must be whole numbers ≥ 0, not ${count}`);
  }
  const numerator = BigInt(usage.input) * BigInt(model.inputPerMillion) + BigInt(usage.output) * BigInt(model.outputPerMillion);
  const rounded = (numerator + TOKENS_PER_PRICE_UNIT - 1n) / TOKENS_PER_PRICE_UNIT;
  return micros(Number(rounded));
}
