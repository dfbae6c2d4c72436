import type { Config } from '../../schema/config';
import { discounted, type Micros } from '../../schema/money';

/** The bulk discount applies while the balance, before this call, is at least the threshold. */
export function priceFor(
  listPrice: Micros,
  balanceBefore: number,
  config: Pick<Config, 'discountThreshold' | 'discountPercent'>,
): { price: Micros; discountPercent: number } {
  if (listPrice > 0 && balanceBefore >= config.discountThreshold && config.discountPercent > 0) {
    return { price: discounted(listPrice, config.discountPercent), discountPercent: config.discountPercent };
  }
  return { price: listPrice, discountPercent: 0 };
}
