import type { ToolEntry } from '../../schema/registry/types';

/** An endpoint anyone may call without credentials: its examples and "try it" carry no key. */
export function isFreeEndpoint(entry: Pick<ToolEntry, 'price' | 'access'>): boolean {
  return entry.price === 0 && (entry.access === undefined || entry.access === 'open');
}
