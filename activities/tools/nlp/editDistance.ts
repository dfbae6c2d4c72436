/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost one, so
 * "recieve" is one edit from "receive" (fastest-levenshtein counts the swap as two).
 */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The same alignment weighted by how people mistype: a doubled or dropped double letter ("writting", "untill") costs
 * 0.5, swapped neighbours ("recieve") 0.75, a missing or extra letter 0.9, a wrong letter 1. It ranks "which" above
 * "wish" for "wich" and "writing" above "witting" for "writting".
 */
export function typingDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  const gap = (s: string, i: number) => (s[i - 1] === s[i - 2] || s[i - 1] === s[i] ? 0.5 : 0.9);
  for (let i = 1; i <= a.length; i++) d[i]![0] = d[i - 1]![0]! + gap(a, i);
  for (let j = 1; j <= b.length; j++) d[0]![j] = d[0]![j - 1]! + gap(b, j);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + gap(a, i), d[i]![j - 1]! + gap(b, j), d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 0.75);
    }
  }
  return d[a.length]![b.length]!;
}
