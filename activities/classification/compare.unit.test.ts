import { compare } from './compare';

const A = 'The Pixel 8 has a great camera and a bright screen. Its battery lasts about one day. It costs 699 dollars.';
const A_REWORDED = 'The Pixel 8 has a great camera and a bright screen. The battery lasts about one day. The price is 699 dollars.';
const B = 'The iPhone 15 has a great camera too. Its battery lasts a full day. It charges over USB-C and ships with a braided cable.';
const UNRELATED = 'Sourdough needs a ripe starter, flour, water and salt. Let the dough rise overnight before baking.';

describe('compare', () => {
  it('scores near duplicates above related texts, and related texts above unrelated ones', () => {
    const dup = compare({ text_a: A, text_b: A_REWORDED }).similarity_score;
    const related = compare({ text_a: A, text_b: B }).similarity_score;
    const unrelated = compare({ text_a: A, text_b: UNRELATED }).similarity_score;
    expect(dup).toBeGreaterThan(related);
    expect(related).toBeGreaterThan(unrelated);
    expect(unrelated).toBeLessThan(0.1);
  });

  it('aligns the sentences that make the same point and lists the ones without a counterpart', () => {
    const r = compare({ text_a: A, text_b: B });
    expect(r.similarities.some((s) => s.text_a.includes('battery') && s.text_b.includes('battery'))).toBe(true);
    expect(r.differences).toEqual(expect.arrayContaining([{ source: 'text_b', text: expect.stringContaining('USB-C') }]));
    expect(r.shared_terms).toEqual(expect.arrayContaining(['battery', 'camera']));
  });

  it('recommends the text that covers more of the stated criteria', () => {
    const r = compare({ text_a: A, text_b: B, criteria: ['USB-C charging', 'cable'] });
    expect(r.recommendation).toMatch(/Text B better covers/);
    const usb = r.criteria_coverage!.find((c) => c.criterion === 'USB-C charging')!;
    expect(usb.text_b).toBeGreaterThan(usb.text_a);
  });
});
