import type { TokenUsage } from '../events';
import { findModel, type ModelInfo } from '../models/catalogue';

/**
 * The one model an orchestrated call is recorded with (the ledger, `_meta.model`, metered settlement): the dearest
 * catalogue model any of its steps or turns used, so tokens settled at its price never undercharge what the
 * providers cost; the offline method of the first step when no provider answered.
 */
export function billedModel(models: readonly string[]): string {
  const priced = models.map((id) => findModel(id)).filter((m): m is ModelInfo => m !== undefined);
  if (priced.length > 0) return priced.reduce((a, b) => (b.inputPerMillion + b.outputPerMillion > a.inputPerMillion + a.outputPerMillion ? b : a)).id;
  return models[0] ?? 'none';
}

export function addTokens(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input: a.input + b.input, output: a.output + b.output };
}
