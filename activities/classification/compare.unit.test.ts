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

  it('reports the similarities and differences of two descriptions in different words (none of either before: PostgreSQL and MongoDB)', () => {
    const r = compare({
      text_a:
        'PostgreSQL is an open-source relational database that stores data in tables with a fixed schema. It supports SQL joins and ACID transactions. It scales vertically on a single primary server.',
      text_b:
        'MongoDB is an open-source document database that stores data as JSON-like documents with a flexible schema. It supports multi-document ACID transactions. It scales horizontally by sharding collections across many servers.',
    });
    expect(r.similarities.some((s) => s.text_a.includes('open-source') && s.text_b.includes('open-source'))).toBe(true);
    expect(r.differences).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'text_a', text: expect.stringContaining('tables') })]));
    expect(r.differences).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'text_b', text: expect.stringContaining('documents') })]));
    expect(r.method).toBe('tfidf-alignment');
  });

  it('reports a changed detail between two versions of a sentence ("30 days" → "60 days") as a difference on both sides', () => {
    const r = compare({
      text_a: 'Either party may terminate this agreement with 30 days written notice. Invoices are payable within 45 days.',
      text_b: 'Either party may terminate this agreement with 60 days written notice. Invoices are payable within 45 days.',
    });
    expect(r.differences.map((d) => d.source).sort()).toEqual(['text_a', 'text_b']);
    expect(r.differences.every((d) => d.text.includes('terminate'))).toBe(true);
  });

  it('finds no similarity between texts on unrelated subjects', () => {
    const r = compare({ text_a: A, text_b: UNRELATED });
    expect(r.similarities).toEqual([]);
    expect(r.similarity_score).toBeLessThan(0.2);
  });
});
