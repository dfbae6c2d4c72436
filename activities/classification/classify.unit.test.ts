import { classify } from './classify';
import { tag } from './tag';

const SUPPORT = [
  { name: 'billing', description: 'Invoices, charges, refunds and payment methods' },
  { name: 'shipping', description: 'Delivery times, couriers, tracking and lost parcels' },
  { name: 'technical', description: 'Crashes, error messages, login problems and bugs in the app' },
];

describe('classify', () => {
  it.each([
    ['I was charged twice this month and want my money back.', 'billing'],
    ['My parcel never arrived and the tracking page has not changed in a week.', 'shipping'],
    ['The app crashes with an error every time I try to log in.', 'technical'],
  ])('%s → %s', (text, expected) => {
    const r = classify({ text, categories: SUPPORT });
    expect(r.category).toBe(expected);
    expect(r.scores[0]!.category).toBe(expected);
    expect(r.scores[0]!.evidence.length).toBeGreaterThan(0);
    expect(r.scores.reduce((s, c) => s + c.score, 0)).toBeCloseTo(1, 2);
  });

  it('hears a category by its WordNet relatives when only names are given ("charged" → billing)', () => {
    const r = classify({ text: 'They charged my card twice.', categories: ['billing', 'shipping', 'weather'] });
    expect(r.category).toBe('billing');
    expect(r.scores[0]!.evidence).toContain('charge');
  });

  it('claims no category when nothing in the text speaks for any', () => {
    const r = classify({ text: 'Lovely.', categories: SUPPORT });
    expect(r.category).toBeNull();
    expect(r.labels).toEqual([]);
  });
});

describe('tag', () => {
  it('applies several taxonomy tags when the text speaks for several, and not the others', () => {
    const r = tag({
      text: 'I was charged for express delivery, but the courier lost my parcel.',
      taxonomy: SUPPORT,
    });
    const tags = r.tags.map((t) => t.tag);
    expect(r.mode).toBe('taxonomy');
    expect(tags).toEqual(expect.arrayContaining(['billing', 'shipping']));
    expect(tags).not.toContain('technical');
  });

  it('derives free-form tags from the text when no taxonomy is given', () => {
    const r = tag({ text: 'The quarterly earnings report showed chip shortages hurting the quarterly earnings of chip makers.' });
    expect(r.mode).toBe('free-form');
    expect(r.tags.map((t) => t.tag)).toEqual(expect.arrayContaining([expect.stringMatching(/earnings/)]));
  });
});
