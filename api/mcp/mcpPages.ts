import { createHash } from 'node:crypto';

export interface McpPage<T> {
  readonly items: readonly T[];
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: string;
}

/** A cursor this list did not hand out (or a list that has changed since): MCP answers it with -32602. */
export class InvalidCursor extends Error {}

/**
 * One page of a list that is the same for every request (nothing is kept between them): the cursor carries where
 * the page starts and a fingerprint of the list it was cut from, so a cursor of another group, or of the list before
 * a deployment changed it, is refused rather than silently skipping or repeating tools. Opaque to clients: base64url.
 * A page size of 0 answers the whole list at once.
 */
export function mcpPage<T extends { readonly name: string }>(list: readonly T[], cursor: string | undefined, pageSize: number): McpPage<T> {
  const fingerprint = fingerprintOf(list);
  const start = cursor === undefined ? 0 : startOf(cursor, fingerprint, list.length);
  const end = pageSize === 0 ? list.length : start + pageSize;
  const items = list.slice(start, end);
  return end < list.length ? { items, nextCursor: cursorOf(end, fingerprint) } : { items };
}

function cursorOf(start: number, fingerprint: string): string {
  return Buffer.from(`${start}.${fingerprint}`, 'utf8').toString('base64url');
}

function startOf(cursor: string, fingerprint: string, length: number): number {
  const [start, of] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const at = Number(start);
  if (of !== fingerprint || !/^\d+$/.test(start ?? '') || at <= 0 || at >= length) {
    throw new InvalidCursor('invalid cursor: it was not given by this list, or the list has changed since; list again without one');
  }
  return at;
}

function fingerprintOf(list: readonly { readonly name: string }[]): string {
  return createHash('sha256')
    .update(list.map((item) => item.name).join('\n'))
    .digest('base64url')
    .slice(0, 12);
}
