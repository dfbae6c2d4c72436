/**
 * Vectors as pgvector reads and writes them in text: `[0.1,-0.2,…]`. Sent as a parameter cast to `vector`, so no
 * driver type registration is needed on either side of the boundary.
 */
export function vectorLiteral(values: ArrayLike<number>): string {
  if (values.length === 0) throw new RangeError('a vector needs at least one dimension');
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) throw new RangeError(`vector component ${i} is ${value}: pgvector stores finite numbers only`);
    parts[i] = String(value);
  }
  return `[${parts.join(',')}]`;
}

/** A vector as PostgreSQL prints it (`[1,2,3]`) back into numbers. */
export function parseVector(text: string): number[] {
  const inner = text.trim();
  if (!inner.startsWith('[') || !inner.endsWith(']')) throw new SyntaxError(`not a pgvector value: ${inner.slice(0, 40)}`);
  return inner
    .slice(1, -1)
    .split(',')
    .map((part) => Number(part));
}
