import { createHash } from 'node:crypto';

/**
 * What makes two requests "the same request" for idempotency (Stripe's rule): a hash of their canonical form, so
 * a key reused with a different body, route or payer is told apart from a retry. Object keys are sorted; array order
 * and values count.
 */
export function requestFingerprint(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
