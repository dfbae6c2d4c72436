import { fitLogistic } from './logisticFit';

describe('fitLogistic', () => {
  // x0 separates the labels in part (noisy), x1 runs against them.
  const rows = Array.from({ length: 200 }, (_, i) => [(i % 20) / 20, ((i * 7) % 13) / 13]);
  const labels = rows.map(([x0, x1], i) => (x0! + (0.3 * ((i * 11) % 7)) / 7 - 0.4 * x1! > 0.55 ? 1 : 0));
  const p = (m: ReturnType<typeof fitLogistic>, x: number[]) => 1 / (1 + Math.exp(-m.weights.reduce((s, w, j) => s + w * x[j]!, m.intercept)));

  it('learns the direction of each feature when it is free', () => {
    const m = fitLogistic(rows, labels, [0, 0], 0.1);
    expect(m.weights[0]).toBeGreaterThan(0);
    expect(m.weights[1]).toBeLessThan(0);
    expect(p(m, [0.9, 0])).toBeGreaterThan(0.8);
    expect(p(m, [0.1, 0.9])).toBeLessThan(0.2);
  });

  it('holds a weight the data push past its sign at 0', () => {
    const m = fitLogistic(rows, labels, [1, 1], 0.1);
    expect(m.weights[0]).toBeGreaterThan(0);
    expect(m.weights[1]).toBe(0);
  });

  it('lets a row weigh as much as its copies', () => {
    const doubled = fitLogistic([...rows, ...rows.slice(0, 50)], [...labels, ...labels.slice(0, 50)], [0, 0], 1);
    const weighted = fitLogistic(
      rows,
      labels,
      [0, 0],
      1,
      rows.map((_, i) => (i < 50 ? 2 : 1)),
    );
    doubled.weights.forEach((w, j) => expect(weighted.weights[j]).toBeCloseTo(w, 2));
  });
});
