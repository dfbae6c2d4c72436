import { meteringRates } from '../../core/ledger/meteringRates';
import { estimateTokens } from '../../core/models/tokenEstimates';
import type { Config } from '../../schema/config';
import { meteredEmbeddingMaximum, meteredMaximum, type MeteringRates } from '../../schema/metering';
import type { LocalServerModel } from '../../schema/models';
import { configuredProviders } from '../../core/models/configuredProviders';
import { chooseEmbeddingModel } from '../../core/models/embeddingChoice';
import type { Micros } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';
import { BadRequest } from '../errors/httpErrors';

/** Output budget of tools that declare none: the offline methods answer in well under this. */
const DEFAULT_OUTPUT_TOKENS = 2048;

/**
 * `X-Pricing: metered` → what to reserve (the most the call can cost) and how to settle it; `flat` → null. Without
 * the header, the entry's defaultPricing decides (flat unless it says metered: /v1/embeddings bills tokens).
 */
export function meteredPrice(
  header: string,
  entry: ToolEntry,
  input: Record<string, unknown>,
  config: Config,
  docs: string,
  localServers: readonly LocalServerModel[] = [],
): { maxMicros: Micros; rates: MeteringRates } | null {
  const mode = header.trim().toLowerCase() || (entry.defaultPricing ?? 'flat');
  if (mode === 'flat') return null;
  if (mode !== 'metered') throw new BadRequest(`X-Pricing must be "metered" or "flat", not "${header}"`, 'Leave it out for the flat per-call price.', docs);
  const rates = meteringRates(config, localServers);
  if (entry.model === 'embedding') {
    // The model is known before the call (no fall-over between embedding models), so its own price bounds it.
    const { model } = chooseEmbeddingModel({ model: input.model as string | undefined, inputs: 1 }, configuredProviders(config));
    return { maxMicros: meteredEmbeddingMaximum(model.id, estimateTokens(JSON.stringify(input.input)), rates), rates };
  }
  const asked = typeof input.max_tokens === 'number' ? input.max_tokens : Infinity;
  const outputBudget = Math.min(asked, entry.maxOutputTokens ?? DEFAULT_OUTPUT_TOKENS);
  return { maxMicros: meteredMaximum(input.model as string | undefined, estimateTokens(JSON.stringify(input)), outputBudget, rates), rates };
}
