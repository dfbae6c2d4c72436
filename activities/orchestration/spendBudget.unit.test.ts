import { affordableOutput, tokenBound, worstCost, worstToolCost } from './spendBudget';
import { createModelRouter, type ModelProvider } from '../providers';
import { findModel, type ModelInfo } from '../../schema/models';
import { byName } from '../../schema/registry';

// OpenAI's API stands configured (the third-party part); these bounds never call it.
const openai: ModelProvider = {
  name: 'openai',
  complete: () => Promise.reject(new Error('not called')),
  stream: () => Promise.reject(new Error('not called')),
};
const router = createModelRouter({ providers: new Map([['openai', openai]]) });
const gpt4o = findModel('gpt-4o') as ModelInfo;

describe('the spend cap’s bounds', () => {
  it('counts one token per UTF-8 byte, plus framing per message', () => {
    expect(tokenBound(['abcd'])).toBe(16 + 4 + 16);
    expect(tokenBound(['€'])).toBe(16 + 3 + 16);
  });

  it('gives the longest answer that fits the budget after the input, on the dearest candidate', () => {
    // 100 000 µUSD − 10 000 tokens × 2.5 µUSD leaves 75 000 µUSD: 7 500 tokens at 10 µUSD.
    expect(affordableOutput([gpt4o], 10_000, 100_000)).toBe(7_500);
    expect(worstCost([gpt4o], { input: 10_000, output: 7_500 })).toBe(100_000);
    expect(affordableOutput([gpt4o], 50_000, 100_000)).toBe(0);
  });

  it('bounds a tool by its request, its answer limit and one repair, and costs nothing offline', () => {
    const sentiment = byName.get('sentiment')!;
    expect(worstToolCost(sentiment, { text: 'fine', model: 'local' }, router)).toBe(0);
    const mini = findModel('gpt-4o-mini') as ModelInfo;
    const worst = worstToolCost(sentiment, { text: 'fine' }, router);
    // At least two full answers at gpt-4o-mini's price (auto's fast choice on OpenAI).
    expect(worst).toBeGreaterThanOrEqual(worstCost([mini], { input: 0, output: 2 * (sentiment.maxOutputTokens ?? 2000) }));
    expect(worstToolCost(sentiment, { text: 'fine', model: 'gpt-4o' }, router)).toBeGreaterThan(worst);
  });
});
