import { type AnswerEvidence, answerConfidence, CLASSIFY_CONFIDENCE, FEATURE_NAMES, FEATURE_SIGNS } from './classifyConfidence';

const typical: AnswerEvidence = { best: 0.35, lead: 0.1, spread: 0.15, reading: 'described', categories: 4, outside: -0.15, split: false };
const grid = (from: number, to: number, steps = 20) => Array.from({ length: steps + 1 }, (_, i) => from + ((to - from) * i) / steps);

describe('classify confidence (the fitted model)', () => {
  it('never falls as the evidence or the lead grows, whatever the rest', () => {
    for (const reading of ['described', 'glossed', 'bare'] as const) {
      for (const outside of [-0.3, 0, 0.2]) {
        const base = { ...typical, reading, outside };
        const byLead = grid(0, 0.5).map((lead) => answerConfidence({ ...base, lead }));
        const byBest = grid(0.1, 0.8).map((best) => answerConfidence({ ...base, best }));
        for (const series of [byLead, byBest]) series.slice(1).forEach((p, i) => expect(p).toBeGreaterThanOrEqual(series[i]!));
      }
    }
    // And a clear lead is surer than a near tie by a real margin, not by rounding.
    expect(answerConfidence({ ...typical, lead: 0.3 }) - answerConfidence({ ...typical, lead: 0.01 })).toBeGreaterThan(0.3);
  });

  it('is a probability for any input, even far outside what it was fitted on', () => {
    for (const best of [-1, 0, 0.5, 1, 5]) {
      for (const lead of [-1, 0, 0.2, 3]) {
        for (const outside of [-1, 0, 1]) {
          const p = answerConfidence({ ...typical, best, lead, outside, categories: 200, split: true });
          expect(Number.isFinite(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('is never as sure of a bare, unglossed name as of a described category at the same scores', () => {
    for (const best of grid(0.15, 0.6, 5)) {
      for (const lead of grid(0, 0.3, 5)) {
        const at = { ...typical, best, lead };
        expect(answerConfidence({ ...at, reading: 'bare' })).toBeLessThan(answerConfidence({ ...at, reading: 'described' }));
      }
    }
  });

  it('is less sure when the text sits nearer a common topic apart from the set, or when a part speaks for another category', () => {
    expect(answerConfidence({ ...typical, outside: 0.1 })).toBeLessThan(answerConfidence({ ...typical, outside: -0.2 }));
    expect(answerConfidence({ ...typical, split: true })).toBeLessThanOrEqual(answerConfidence(typical));
  });

  it('ships weights that keep the signs the fit is held to, one per feature', () => {
    expect(CLASSIFY_CONFIDENCE.weights).toHaveLength(FEATURE_NAMES.length);
    FEATURE_NAMES.forEach((name, i) => expect(FEATURE_SIGNS[name] * CLASSIFY_CONFIDENCE.weights[i]!).toBeGreaterThanOrEqual(0));
  });
});
