import { findModel, modelCost, type ModelInfo } from '.';

const model = (id: string): ModelInfo => {
  const found = findModel(id);
  if (!found) throw new Error(`no model ${id}`);
  return found;
};

describe('modelCost', () => {
  it("prices input and output tokens at the model's own rates, in micro-USD", () => {
    // gpt-4o-mini: 0.15 USD in, 0.60 USD out per million tokens.
    expect(modelCost(model('gpt-4o-mini'), { input: 1_000, output: 500 })).toBe(450);
    // claude-opus-4-6: 15 and 75 USD per million: a million of each is 90 USD.
    expect(modelCost(model('claude-opus-4-6'), { input: 1_000_000, output: 1_000_000 })).toBe(90_000_000);
  });

  it("rounds a fraction of a micro-USD up, so the provider's cost is always covered", () => {
    // 0.8 µUSD for one Haiku input token.
    expect(modelCost(model('claude-haiku-4-5'), { input: 1, output: 0 })).toBe(1);
    // 3 tokens at 0.10 USD/M are 0.3 µUSD.
    expect(modelCost(model('mistral-small-latest'), { input: 3, output: 0 })).toBe(1);
  });

  it('rounds once, on the sum of input and output', () => {
    // 0.15 + 0.6 = 0.75 µUSD: one micro-USD, not one for each side.
    expect(modelCost(model('gpt-4o-mini'), { input: 1, output: 1 })).toBe(1);
  });

  it('costs nothing for no tokens', () => {
    expect(modelCost(model('grok-3'), { input: 0, output: 0 })).toBe(0);
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 style sums: 1 token at 0.27 and 1 at 1.10 USD/M is 1.37 µUSD, so 2.
    expect(modelCost(model('deepseek-chat'), { input: 1, output: 1 })).toBe(2);
    // 200 million tokens at 75 USD/M multiply past 2^53 before dividing.
    expect(modelCost(model('claude-opus-4-6'), { input: 0, output: 200_000_001 })).toBe(15_000_000_075);
  });

  it('refuses token counts that are not whole numbers ≥ 0', () => {
    expect(() => modelCost(model('gpt-4o'), { input: -1, output: 0 })).toThrow(RangeError);
    expect(() => modelCost(model('gpt-4o'), { input: 1.5, output: 0 })).toThrow(RangeError);
  });
});
