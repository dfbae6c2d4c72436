import { discounted, InvalidAmount, micros, microsToUsd, usdToMicros } from './money';
import { priceFor } from '../core/ledger/pricing';

describe('money', () => {
  it.each([
    ['0.25', 250_000],
    [0.25, 250_000],
    [0.1, 100_000],
    ['12', 12_000_000],
    ['0.000001', 1],
    [1.749999, 1_749_999],
    ['-0.5', -500_000],
  ])('parses %p into %p micro-USD exactly', (input, expected) => {
    expect(usdToMicros(input)).toBe(expected);
  });

  it.each([['0.0000001'], [1e-7], ['abc'], [Number.NaN], ['1e3'], [Infinity]])('refuses %p instead of rounding it', (input) => {
    expect(() => usdToMicros(input as never)).toThrow(InvalidAmount);
  });

  it('converts back to the exact decimal at the edge', () => {
    expect(microsToUsd(micros(245_000))).toBe(0.245);
    expect(microsToUsd(micros(1))).toBe(0.000001);
    expect(microsToUsd(micros(1_999_999))).toBe(1.999999);
  });

  it('takes a whole-number percentage off, never charging less than list minus percent', () => {
    expect(discounted(micros(5000), 20)).toBe(4000);
    expect(discounted(micros(3), 20)).toBe(3); // 0.6 micro off rounds to nothing
    expect(discounted(micros(7), 20)).toBe(6);
  });

  it('applies the bulk discount from exactly the threshold', () => {
    const config = { discountThreshold: micros(2_000_000), discountPercent: 20 };
    expect(priceFor(micros(10_000), 2_000_000, config)).toEqual({ price: 8_000, discountPercent: 20 });
    expect(priceFor(micros(10_000), 1_999_999, config)).toEqual({ price: 10_000, discountPercent: 0 });
    expect(priceFor(micros(0), 5_000_000, config)).toEqual({ price: 0, discountPercent: 0 });
  });
});
