/** Words and single punctuation marks; spacing is not judged. */
export function tokensOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}]/gu) ?? [];
}

/** A change from the original tokens [start, end) to `to`. */
export interface Hunk {
  readonly start: number;
  readonly end: number;
  readonly to: readonly string[];
}

/** The changes that turn `from` into `to`, from a longest-common-subsequence alignment. */
export function hunksOf(from: readonly string[], to: readonly string[]): Hunk[] {
  const n = from.length;
  const m = to.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = from[i] === to[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: { start: number; to: string[] } | undefined;
  const close = () => {
    if (open) hunks.push({ start: open.start, end: i, to: open.to });
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && from[i] === to[j]) {
      close();
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      open ??= { start: i, to: [] };
      open.to.push(to[j]!);
      j++;
    } else {
      open ??= { start: i, to: [] };
      i++;
    }
  }
  close();
  // "Its a" → "It's an" is two errors, not one: a same-length replacement is split into its word-for-word changes.
  return hunks.flatMap((h) =>
    h.to.length === h.end - h.start && h.to.length > 1
      ? h.to.flatMap((word, k) => (word === from[h.start + k] ? [] : [{ start: h.start + k, end: h.start + k + 1, to: [word] }]))
      : [h],
  );
}

export interface EditScore {
  /** Errors seeded in the original (changes from it to the reference). */
  readonly seeded: number;
  readonly fixed: number;
  /** Changes the tool made. */
  readonly changes: number;
  /** Changes that left their stretch of text unlike the reference: a new error, or a wrong fix. */
  readonly wrongChanges: number;
}

/**
 * Seeded errors and the tool's changes, both as hunks over the original's tokens, grouped where they touch; within
 * a group, the tool's text either reads as the reference (its seeded errors fixed, its changes right) or not.
 */
export function scoreEdits(original: string, reference: string, corrected: string): EditScore {
  const from = tokensOf(original);
  const seeded = hunksOf(from, tokensOf(reference));
  const made = hunksOf(from, tokensOf(corrected));
  const all = [...seeded.map((h) => ({ h, seeded: true })), ...made.map((h) => ({ h, seeded: false }))].sort((a, b) => a.h.start - b.h.start);
  let fixed = 0;
  let wrongChanges = 0;
  for (let k = 0; k < all.length;) {
    const group = [all[k]!];
    let end = all[k]!.h.end;
    let endsInInsertion = all[k]!.h.start === end;
    k++;
    // Hunks touch when they overlap; at a boundary only an insertion touches (neighbouring words are separate errors).
    while (k < all.length && (all[k]!.h.start < end || (all[k]!.h.start === end && (endsInInsertion || all[k]!.h.start === all[k]!.h.end)))) {
      group.push(all[k]!);
      if (all[k]!.h.end >= end) endsInInsertion = all[k]!.h.start === all[k]!.h.end;
      end = Math.max(end, all[k]!.h.end);
      k++;
    }
    const start = Math.min(...group.map((g) => g.h.start));
    const render = (hunks: readonly Hunk[]) => {
      const out: string[] = [];
      let at = start;
      for (const h of hunks) {
        out.push(...from.slice(at, h.start), ...h.to);
        at = h.end;
      }
      out.push(...from.slice(at, end));
      return out.join(' ');
    };
    const right = render(group.filter((g) => g.seeded).map((g) => g.h)) === render(group.filter((g) => !g.seeded).map((g) => g.h));
    const seededHere = group.filter((g) => g.seeded).length;
    const madeHere = group.filter((g) => !g.seeded).length;
    if (right) fixed += seededHere;
    else wrongChanges += madeHere;
  }
  return { seeded: seeded.length, fixed, changes: made.length, wrongChanges };
}
