import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';

/** The bulk discount as a key's answers show it: whether its balance earns it on the next call, and from what balance. */
export function discountInForce(balanceMicros: number, config: Pick<Config, 'discountThreshold' | 'discountPercent'>) {
  return { active: balanceMicros >= config.discountThreshold, percent: config.discountPercent, from_balance_usd: microsToUsd(config.discountThreshold) };
}
