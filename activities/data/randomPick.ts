import { randomInt } from 'node:crypto';

/** One item of a list: at random, or the seed's (the same seed, the same item, whatever the list's length). */
export function pick<T>(items: readonly T[], seed: number | undefined): T | undefined {
  if (!items.length) return undefined;
  const index = seed === undefined ? randomInt(items.length) : Math.abs(Math.trunc(seed)) % items.length;
  return items[index];
}
