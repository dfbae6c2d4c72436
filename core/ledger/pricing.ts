import type { Config } from '../../schema/config';
import { discounted, type Micros, microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';

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

/** The bulk discount as callers read it ("20% off while the balance is at least 2.00 USD"), from the settings. */
export function discountNote(config: Pick<Config, 'discountThreshold' | 'discountPercent'>): string {
  if (config.discountPercent <= 0) return 'no bulk discount';
  return `${config.discountPercent}% off while the balance is at least ${microsToUsd(config.discountThreshold).toFixed(2)} USD`;
}

/** An entry's list price in this deployment: its price setting when it has one (a custom agent's run), else its price. */
export function listPriceOf(entry: Pick<ToolEntry, 'price' | 'priceSetting'>, config: Config): Micros {
  return entry.priceSetting ? (config[entry.priceSetting] as Micros) : entry.price;
}
