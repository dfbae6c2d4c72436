import { glossOf } from './categoryGlosses';
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
  ])('%s → %s', async (text, expected) => {
    const r = await classify({ text, categories: SUPPORT });
    expect(r.category).toBe(expected);
    expect(r.scores[0]!.category).toBe(expected);
    expect(r.scores[0]!.evidence.length).toBeGreaterThan(0);
    expect(r.scores.reduce((s, c) => s + c.score, 0)).toBeCloseTo(1, 2);
  });

  it('hears a category by its WordNet relatives when only names are given ("charged" → billing)', async () => {
    const r = await classify({ text: 'They charged my card twice.', categories: ['billing', 'shipping', 'weather'] });
    expect(r.category).toBe('billing');
    expect(r.scores[0]!.evidence).toContain('charge');
  });

  it('claims no category when nothing in the text speaks for any, and is not sure even of that', async () => {
    const r = await classify({ text: 'Lovely.', categories: SUPPORT });
    expect(r.category).toBeNull();
    expect(r.labels).toEqual([]);
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('gives an unknown kind of text (none of the categories) no confident category', async () => {
    const r = await classify({ text: 'What are your opening hours on public holidays?', categories: ['billing', 'shipping', 'technical support'] });
    expect(r.category === null || r.confidence < 0.7).toBe(true);
  });

  it('is not sure of a near tie, however much evidence both sides have', async () => {
    const r = await classify({ text: 'I was charged for express delivery and the courier charged me again on delivery.', categories: SUPPORT });
    const [first, second] = r.scores;
    expect(first!.score - second!.score).toBeLessThan(0.2);
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('names its method', async () => {
    expect((await classify({ text: 'I was charged twice.', categories: SUPPORT })).method).toBe('wordnet-tfidf');
  });
});

describe('tag', () => {
  it('applies several taxonomy tags when the text speaks for several, and not the others', async () => {
    const r = await tag({
      text: 'I was charged for express delivery, but the courier lost my parcel.',
      taxonomy: SUPPORT,
    });
    const tags = r.tags.map((t) => t.tag);
    expect(r.mode).toBe('taxonomy');
    expect(tags).toEqual(expect.arrayContaining(['billing', 'shipping']));
    expect(tags).not.toContain('technical');
  });

  it('tags its own OpenAPI example (no tag at all before)', async () => {
    const r = await tag({ text: 'Shares fell after the quarterly earnings report.', taxonomy: ['finance', 'sports', 'politics'] });
    expect(r.tags[0]?.tag).toBe('finance');
  });

  it('leaves out tags the text only grazes: each needs a fair share of the strongest tag’s evidence', async () => {
    const r = await tag({ text: 'I was charged for express delivery, but the courier lost my parcel.', taxonomy: [...SUPPORT, 'health', 'politics'] });
    expect(r.tags.map((t) => t.tag)).not.toEqual(expect.arrayContaining(['health']));
    expect(r.tags.map((t) => t.tag)).not.toEqual(expect.arrayContaining(['politics']));
  });

  it('gives free-form tags a confidence below certainty, and no units of time as topics', async () => {
    const r = await tag({ text: 'Thousands of runners took part in the Berlin marathon on Sunday. The winner finished in 2 hours 2 minutes.' });
    expect(r.tags.every((t) => t.confidence < 1)).toBe(true);
    expect(r.tags.map((t) => t.tag)).not.toEqual(expect.arrayContaining(['hours', 'minutes', 'sunday', 'thousands']));
  });

  it('derives free-form tags from the text when no taxonomy is given', async () => {
    const r = await tag({ text: 'The quarterly earnings report showed chip shortages hurting the quarterly earnings of chip makers.' });
    expect(r.mode).toBe('free-form');
    expect(r.tags.map((t) => t.tag)).toEqual(expect.arrayContaining([expect.stringMatching(/earnings/)]));
  });
});

describe('classify by meaning (scripted cosines)', () => {
  it('adds a meaning-level similarity when given one, and names the hybrid method', async () => {
    // A similarity that hears shipping in the text outweighs lexical evidence of nothing.
    const r = await classify(
      { text: 'Where is my stuff?', categories: ['billing', 'shipping', 'technical support'] },
      { similarity: async (_text, labels) => labels.map((l) => (l.split(':')[0] === 'shipping' ? 0.9 : 0.1)) },
    );
    expect(r).toMatchObject({ category: 'shipping', method: 'hybrid-wordnet-tfidf' });
  });

  it('by meaning: a near tie of cosines is less sure than a clear lead, which is sure, and nothing near any category is no category', async () => {
    const scripted = (cosines: Record<string, number>) => ({
      similarity: async (_text: string, labels: readonly string[]) => labels.map((l) => cosines[l.split(':')[0]!] ?? 0),
    });
    const categories = ['billing', 'shipping', 'weather'];
    // The same best (0.45), once a near tie and once 0.35 ahead: the fitted confidence weighs the lead most.
    const tie = await classify({ text: 'A parcel.', categories }, scripted({ billing: 0.44, shipping: 0.45, weather: 0.05 }));
    const lead = await classify({ text: 'A parcel.', categories }, scripted({ billing: 0.1, shipping: 0.45, weather: 0.05 }));
    expect(lead).toMatchObject({ category: 'shipping' });
    expect(lead.confidence).toBeGreaterThan(0.9);
    expect(lead.confidence - tie.confidence).toBeGreaterThan(0.1);
    // A near tie of two glossed names, the third far off: a coin toss between the two, never sure (the fit alone read ~0.75).
    expect(tie.confidence).toBeLessThanOrEqual(0.55);
    const none = await classify({ text: 'A parcel.', categories }, scripted({ billing: 0.05, shipping: 0.06, weather: 0.02 }));
    expect(none).toMatchObject({ category: null, labels: [] });
    expect(none.confidence).toBeLessThan(0.7);
  });

  it('by meaning: the same lead is no surer when the best is itself barely near (a shop to visit, a little nearer shipping)', async () => {
    const scripted = (cosines: Record<string, number>) => ({
      similarity: async (_text: string, labels: readonly string[]) => labels.map((l) => cosines[l.split(':')[0]!] ?? 0),
    });
    const categories = ['billing', 'shipping', 'weather'];
    // The same lead of 0.12, once near none of them (0.81 before the level counted), once well inside one.
    // (The fit found the level weighs little beside the lead: the weak fits that were wrong are now no category.)
    const faint = await classify({ text: 'A visit.', categories }, scripted({ billing: 0.07, shipping: 0.19, weather: 0 }));
    const clear = await classify({ text: 'A visit.', categories }, scripted({ billing: 0.28, shipping: 0.4, weather: 0 }));
    expect(clear).toMatchObject({ category: 'shipping' });
    expect(clear.confidence).toBeGreaterThanOrEqual(0.7);
    expect(faint.confidence).toBeLessThan(clear.confidence);
  });

  it("by meaning: a category counts by the nearer of its readings, the caller's description or the gloss of its name", async () => {
    const categories = [
      { name: 'billing', description: 'money matters' },
      { name: 'shipping', description: 'parcels' },
    ];
    // Only billing's gloss is near the text; its caller's description is further than shipping's.
    const cosines = new Map([
      [`billing: ${glossOf('billing')}`, 0.5],
      ['billing: money matters', 0.1],
      ['shipping: parcels', 0.3],
    ]);
    const r = await classify({ text: 'A refund.', categories }, { similarity: async (_text, labels) => labels.map((l) => cosines.get(l) ?? 0) });
    expect(r.category).toBe('billing');
  });

  it('by meaning: a weak fit clearly nearer a common topic that lies apart from the set is no category', async () => {
    const categories = ['cards', 'loans', 'fraud'];
    const text = 'Who won the match?';
    // The text's cosines by category or common topic; a common topic's cosine with the set's readings is 0 unless named.
    const scripted = (toText: Record<string, number>, toReadings: Record<string, number> = {}) => ({
      similarity: async (query: string, labels: readonly string[]) => labels.map((l) => (query === text ? toText : toReadings)[l.split(':')[0]!] ?? 0),
    });
    // Cards at 0.17 (weak, 0.11 ahead: named before), sports 0.28 nearer still and apart from every category.
    const elsewhere = await classify({ text, categories }, scripted({ cards: 0.17, loans: 0.05, fraud: 0.06, sports: 0.28 }));
    expect(elsewhere).toMatchObject({ category: null, labels: [] });
    expect(elsewhere.confidence).toBeLessThan(0.7);
    // A topic near one of the set's readings is that category's own ground (a sub-topic), not elsewhere.
    const own = await classify({ text, categories }, scripted({ cards: 0.17, loans: 0.05, fraud: 0.06, sports: 0.28 }, { sports: 0.5 }));
    expect(own.category).toBe('cards');
    // Only a weak fit is questioned: a clear one stays whatever else the text is near.
    const clear = await classify({ text, categories }, scripted({ cards: 0.35, loans: 0.05, fraud: 0.06, sports: 0.6 }));
    expect(clear.category).toBe('cards');
  });
});
