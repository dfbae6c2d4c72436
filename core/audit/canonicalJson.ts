/**
 * Canonical JSON (RFC 8785, JCS) of a value as JSON.stringify would send it: object members sorted by their names'
 * UTF-16 code units, no whitespace, strings and numbers as ECMAScript serialises them. What JSON.stringify drops
 * (undefined, functions, symbols) is dropped here too, and what it turns into null (non-finite numbers, those three in
 * arrays) becomes null, so the canonical text of a value before it is stored equals that of the value read back
 * (PostgreSQL's jsonb keeps every number's digits; it parses back to the same double). The one definition the
 * appender, the checkpointer, the statement and the offline verifier share (docs/audit.md).
 */
export function canonicalJson(value: unknown): string {
  return canonical(value) ?? 'null';
}

function canonical(input: unknown): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonical JSON has no bigint: convert it first');
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item) => canonical(item) ?? 'null').join(',')}]`;
      const record = value as Record<string, unknown>;
      const members: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const member = canonical(record[key]);
        if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      return undefined;
  }
}
