/**
 * Where an answer ends when the caller gave stop sequences: just before the first of them that occurs. Applied to
 * the answer itself, so every provider (and the offline one) behaves alike; tokens generated past it are still
 * billed upstream.
 */
export function firstStop(text: string, sequences: readonly string[]): { index: number; sequence: string } | null {
  let first: { index: number; sequence: string } | null = null;
  for (const sequence of sequences) {
    if (!sequence) continue;
    const index = text.indexOf(sequence);
    if (index !== -1 && (first === null || index < first.index)) first = { index, sequence };
  }
  return first;
}
