import { meteringRates } from '../../core/ledger/meteringRates';
import { estimateTokens } from '../../schema/tokens';
import type { Config } from '../../schema/config';
import { meteredMaximum, type MeteringRates } from '../../schema/metering';
import type { LocalServerModel } from '../../schema/models';
import type { Micros } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';
import { BadRequest } from '../errors/httpErrors';

/** Output budget of tools that declare none: the offline methods answer in well under this. */
const DEFAULT_OUTPUT_TOKENS = 2048;

/** `X-Pricing: metered` → what to reserve (the most the call can cost) and how to settle it; `flat` or none → null. */
export function meteredPrice(
  header: string,
  entry: ToolEntry,
  input: Record<string, unknown>,
  config: Config,
  docs: string,
  localServers: readonly LocalServerModel[] = [],
): { maxMicros: Micros; rates: MeteringRates } | null {
  const mode = header.trim().toLowerCase();
  if (mode === '' || mode === 'flat') return null;
  if (mode !== 'metered') throw new BadRequest(`X-Pricing must be "metered" or "flat", not "${header}"`, 'Leave it out for the flat per-call price.', docs);
  const rates = meteringRates(config, localServers);
  const asked = typeof input.max_tokens === 'number' ? input.max_tokens : Infinity;
  const outputBudget = Math.min(asked, entry.maxOutputTokens ?? DEFAULT_OUTPUT_TOKENS);
  return { maxMicros: meteredMaximum(input.model as string | undefined, estimateTokens(JSON.stringify(input)), outputBudget, rates), rates };
}
