import type { ConfidenceModel } from '../../activities/classification/classifyConfidence';

/**
 * L2-penalised logistic regression by Newton's method, with sign bounds on the weights: a weight whose fit crosses its
 * bound is held at 0 and the rest refitted (an active set that only grows). Features are standardised for the fit (the
 * penalty then weighs each alike) and the model is returned on the raw scale. No intercept penalty.
 */
export function fitLogistic(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  signs: readonly number[],
  l2: number,
  weightsOfRows: readonly number[] = rows.map(() => 1),
): ConfidenceModel {
  const d = signs.length;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / rows.length);
  const sd = mean.map((m, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / rows.length) || 1);
  const z = rows.map((r) => [1, ...r.map((x, j) => (x - mean[j]!) / sd[j]!)]);
  const held = new Set<number>();
  let w = new Array<number>(d + 1).fill(0);
  for (;;) {
    w = newton(z, labels, weightsOfRows, l2, held);
    const crossing = signs
      .map((sign, j) => ({ j: j + 1, by: sign * w[j + 1]! }))
      .filter((c) => c.by < 0 && !held.has(c.j))
      .sort((a, b) => a.by - b.by)[0];
    if (!crossing) break;
    held.add(crossing.j);
  }
  const weights = w.slice(1).map((wj, j) => wj / sd[j]!);
  return { intercept: w[0]! - weights.reduce((s, wj, j) => s + wj * mean[j]!, 0), weights };
}

function newton(z: readonly number[][], y: readonly number[], rowWeights: readonly number[], l2: number, held: ReadonlySet<number>): number[] {
  const k = z[0]!.length;
  const free = [...Array(k).keys()].filter((j) => !held.has(j));
  const w = new Array<number>(k).fill(0);
  for (let iteration = 0; iteration < 100; iteration++) {
    const gradient = new Array<number>(k).fill(0);
    const hessian = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    z.forEach((row, i) => {
      const p = 1 / (1 + Math.exp(-row.reduce((s, x, j) => s + x * w[j]!, 0)));
      for (let a = 0; a < k; a++) {
        gradient[a]! += rowWeights[i]! * (p - y[i]!) * row[a]!;
        for (let b = 0; b < k; b++) hessian[a]![b]! += rowWeights[i]! * p * (1 - p) * row[a]! * row[b]!;
      }
    });
    for (let j = 1; j < k; j++) {
      gradient[j]! += l2 * w[j]!;
      hessian[j]![j]! += l2;
    }
    const step = solve(
      free.map((a) => free.map((b) => hessian[a]![b]!)),
      free.map((a) => gradient[a]!),
    );
    free.forEach((j, i) => (w[j]! -= step[i]!));
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting (the system is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    const pivot = m.slice(c).reduce((best, row, i) => (Math.abs(row[c]!) > Math.abs(m[best]![c]!) ? c + i : best), c);
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) x[r] = (m[r]![n]! - m[r]!.slice(r + 1, n).reduce((s, v, i) => s + v * x[r + 1 + i]!, 0)) / m[r]![r]!;
  return x;
}
