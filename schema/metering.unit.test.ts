import { meteredCharge, meteredMaximum } from './metering';
import { findModel } from './models';

const rates = { markupPercent: 20, minimumMicros: 100, localInputPerMillion: 100_000, localOutputPerMillion: 400_000 };

describe('metered charges', () => {
  it("prices a provider model's tokens at its list price plus markup, rounded up to the micro-dollar", () => {
    // gpt-4o-mini: 0.15 in / 0.6 out per million → 1000 in + 2000 out = 150 + 1200 = 1350 micros, +20% = 1620
    expect(findModel('gpt-4o-mini')).toMatchObject({ inputPerMillion: 150_000, outputPerMillion: 600_000 });
    expect(meteredCharge('gpt-4o-mini', { input: 1000, output: 2000 }, rates)).toBe(1620);
  });

  it('never charges less than the minimum, and prices unknown models as the dearest listed', () => {
    expect(meteredCharge('local/vader', { input: 10, output: 10 }, rates)).toBe(100);
    expect(meteredCharge('my-ollama-model', { input: 1000, output: 1000 }, rates)).toBeGreaterThan(
      meteredCharge('gpt-4o', { input: 1000, output: 1000 }, rates),
    );
  });

  it('reserves at least what any model `auto` may pick could charge', () => {
    const max = meteredMaximum('auto', 500, 1000, rates);
    for (const model of ['claude-opus-4-6', 'gpt-4o', 'local/textrank'])
      expect(max).toBeGreaterThanOrEqual(meteredCharge(model, { input: 500, output: 1000 }, rates));
    expect(meteredMaximum('gpt-4o-mini', 500, 1000, rates)).toBeLessThan(max);
  });

  it("prices a local server's model at the price it was given when the call was priced, and reserves by it when named", () => {
    const withServer = { ...rates, localServers: [{ id: 'my-ollama-model', inputPerMillion: 0, outputPerMillion: 2_000_000 }] };
    expect(meteredCharge('my-ollama-model', { input: 1000, output: 1000 }, withServer)).toBe(2400);
    expect(meteredCharge('my-ollama-model', { input: 5000, output: 0 }, withServer)).toBe(100);
    expect(meteredMaximum('my-ollama-model', 500, 1000, withServer)).toBe(2400);
  });
});
