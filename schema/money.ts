/**
 * Money is integer micro-USD (USDC has 6 decimals). Floats never hold money:
 * amounts enter as decimal strings or JSON numbers and are parsed digit by digit.
 */
export type Micros = number & { readonly __brand: 'Micros' };

export const MICROS_PER_USD = 1_000_000;

export class InvalidAmount extends Error {}

export function micros(value: number): Micros {
  if (!Number.isSafeInteger(value)) throw new InvalidAmount(`not an integer amount of micro-USD: ${value}`);
  return value as Micros;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/** Parses "0.25", 0.25 or "12" into micro-USD exactly; more than 6 decimals is an error, not a rounding. */
export function usdToMicros(value: number | string): Micros {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new InvalidAmount(`not a USD amount with at most 6 decimals: ${String(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const result = Number(whole) * MICROS_PER_USD + Number(fraction.padEnd(6, '0'));
  return micros(sign ? -result : result);
}

/** For JSON at the edge only: 250000 → 0.25 (the shortest decimal that round-trips is the exact one). */
export function microsToUsd(amount: Micros | number): number {
  return amount / MICROS_PER_USD;
}

/** Applies a whole-number percentage discount, rounding the discount down so the payer never pays less than list minus percent. */
export function discounted(price: Micros, percentOff: number): Micros {
  return micros(price - Math.floor((price * percentOff) / 100));
}

/** Micro-USD to USDC atomic units (both have 6 decimals). */
export function microsToAtomicUsdc(amount: Micros): bigint {
  return BigInt(amount);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  // 1e-7 and the like are below our precision anyway; exponent forms of large values are expanded.
  if (!/e/i.test(text)) return text;
  return Math.abs(value) >= 1 ? BigInt(Math.trunc(value)).toString() : text;
}
