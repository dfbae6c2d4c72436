import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../core/config/loadConfig';
import { createEmbedder, type Embedder } from '../embeddings';
import { localMeaningSimilarity } from '../tools/nlp/meaningSimilarity';
import type { TextSimilarity } from '../tools/nlp/textSimilarity';
import { classify } from './classify';
import { tag } from './tag';

// The issue's own examples, with the real local model (all-MiniLM-L6-v2) as the worker runs it.
describe('classify and tag by meaning, with the local embedding model', () => {
  const config = loadConfig({ ...process.env, APP_ENV: 'test' });
  let embedder: Embedder;
  let similarity: TextSimilarity;
  beforeAll(() => {
    embedder = createEmbedder(config);
    similarity = localMeaningSimilarity(embedder, config)!;
  });
  afterAll(() => embedder.close());

  it('is offered only where the model file is installed', () => {
    expect(similarity).toBeDefined();
    const missing = mkdtempSync(path.join(tmpdir(), 'no-model-'));
    expect(localMeaningSimilarity(embedder, { dataDir: missing, localEmbeddingModelPath: '' })).toBeUndefined();
  });

  it('files "where is my order" under shipping, which no word of it names (every score was 0.333 before)', async () => {
    const r = await classify(
      { text: 'Where is my order? It was supposed to be delivered yesterday.', categories: ['billing', 'shipping', 'technical support'] },
      { similarity },
    );
    expect(r).toMatchObject({ category: 'shipping', method: 'hybrid-wordnet-tfidf' });
    expect(r.confidence).toBeGreaterThanOrEqual(0.7);
    expect(r.scores[0]!.score).toBeGreaterThan(r.scores[1]!.score);
  });

  it('names no category, or none with confidence, for a text near none of them', async () => {
    const r = await classify({ text: 'My grandmother bakes the best apple pie.', categories: ['politics', 'sports', 'technology'] }, { similarity });
    expect(r.category === null || r.confidence < 0.7).toBe(true);
  });

  it('names no category for a text that fits none though it sits a little nearer one (a greeting in a sales inbox)', async () => {
    const r = await classify(
      {
        text: 'Congratulations on the new office, the photos look great!',
        categories: ['demo request', 'pricing question', 'partnership', 'unsubscribe'],
      },
      { similarity },
    );
    expect(r).toMatchObject({ category: null, labels: [] });
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('reads a common category given by name alone with what people write under it: an error on a website is technical support', async () => {
    const categories = ['billing', 'technical support', 'shipping'];
    // Before the glosses: no category (billing nearest, "error" linked to it by WordNet).
    for (const text of ['The website gives me an error every time I try to upload a photo.', 'Nothing happens when I tap the save button in the app.']) {
      const r = await classify({ text, categories }, { similarity });
      expect(r.category).toBe('technical support');
    }
  });

  it('knows common names of other inboxes than support and news (travel, a restaurant)', async () => {
    // Before these names had glosses: "flights" and "menu", the names alone compared as given.
    const visa = await classify(
      { text: 'Do I need a passport to fly from London to Dublin?', categories: ['flights', 'hotels', 'car rental', 'travel documents'] },
      { similarity },
    );
    expect(visa.category).toBe('travel documents');
    const table = await classify(
      { text: 'Can I book a table by the window for Sunday lunch?', categories: ['reservations', 'menu', 'delivery', 'complaints'] },
      { similarity },
    );
    expect(table.category).toBe('reservations');
  });

  it('reads a category the caller describes in a few words by its gloss as well', async () => {
    // With the descriptions alone: no category (a refund is far from "money matters" and from "parcels" alike).
    const r = await classify(
      {
        text: 'I never received the refund for the returned jacket.',
        categories: [
          { name: 'billing', description: 'money matters' },
          { name: 'shipping', description: 'parcels' },
          { name: 'technical support', description: 'computer help' },
        ],
      },
      { similarity },
    );
    expect(r.category).toBe('billing');
  });

  it('is not sure of a close pair of bare names nobody glossed (a yoga session between "classes" and "personal training")', async () => {
    // 0.72 for "personal training" with the hand-made confidence: a lead of 0.1 between two vague points; the fitted
    // model reads a bare name's lead as the blind groups showed it (right about half the time).
    const r = await classify(
      { text: 'Is the yoga session on Wednesday evening still running?', categories: ['membership', 'classes', 'personal training', 'facilities'] },
      { similarity },
    );
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('reads a text whose parts speak for two categories as one of them', async () => {
    // A failed payment on a page that froze: billing or technical support (0.958 for billing when "loyalty points", with
    // no gloss, kept every name bare and the parts were not read). Whether a part speaks for another is one feature of
    // the fitted confidence; on the labelled cases it added nothing beside the lead, so it no longer caps it.
    const categories = ['billing', 'technical support', 'shipping', 'loyalty points'];
    const split = await classify({ text: 'My card payment failed because the page froze after I entered the code.', categories }, { similarity });
    expect(['billing', 'technical support']).toContain(split.category);
    const plain = await classify({ text: 'I was charged twice for my subscription this month.', categories }, { similarity });
    expect(plain).toMatchObject({ category: 'billing' });
    expect(plain.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('names no category for a text about a common topic apart from the set, which sits a little nearer one of them', async () => {
    // Before: "fraud" for a football result in a bank's inbox, "payroll" for a jammed printer in HR's.
    const match = await classify({ text: 'Who won the match last night?', categories: ['cards', 'loans', 'fraud', 'account access'] }, { similarity });
    expect(match).toMatchObject({ category: null, labels: [] });
    const printer = await classify({ text: 'The printer on the second floor keeps jamming.', categories: ['payroll', 'leave', 'onboarding'] }, { similarity });
    expect(printer).toMatchObject({ category: null, labels: [] });
    // A weak fit whose nearest common topic is its own ground stays.
    const declined = await classify(
      { text: 'My card was declined at the till yesterday.', categories: ['billing', 'shipping', 'technical support'] },
      { similarity },
    );
    expect(declined.category).toBe('billing');
  });

  it('tags its own OpenAPI example and leaves out what the text does not touch', async () => {
    const r = await tag({ text: 'Shares fell after the quarterly earnings report.', taxonomy: ['finance', 'sports', 'politics'] }, { similarity });
    expect(r.tags.map((t) => t.tag)).toEqual(['finance']);
    expect(r.method).toBe('hybrid-wordnet-tfidf');
  });
});
