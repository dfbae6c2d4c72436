import { systemClock } from '../../core/clock/clock';
import { loadConfig } from '../../core/config/loadConfig';
import { createEmbedder, type Embedder } from '../embeddings';
import { localMeaningSimilarity } from '../tools/nlp/meaningSimilarity';
import type { TextSimilarity } from '../tools/nlp/textSimilarity';
import { feature } from './feature';

// As a worker runs them: the tools' offline methods, given the worker's aids.
const qa = (input: { question: string; text: string }, similarity?: TextSimilarity) =>
  feature.tools.qa!.offline!(input, similarity ? { clock: systemClock, similarity } : { clock: systemClock });
const rag = (input: { question: string; documents: string[] }, similarity?: TextSimilarity) =>
  feature.tools.rag!.offline!({ ...input, max_citations: 3 }, similarity ? { clock: systemClock, similarity } : { clock: systemClock });

const EVEREST = 'The expedition was led by John Hunt. Hillary and Norgay made the first confirmed ascent on 29 May 1953. Hunt was knighted the same year.';
const POLE =
  'Amundsen and his four companions set out from the Bay of Whales in October 1911. Amundsen and his men arrived at the South Pole on 14 December 1911, five weeks ahead of Scott. They left a tent and a letter for the British party.';

// qa and rag with the real local model (all-MiniLM-L6-v2) beside their words, as a worker runs them.
describe('qa and rag by meaning and words, with the local embedding model', () => {
  const config = loadConfig({ ...process.env, APP_ENV: 'test' });
  let embedder: Embedder;
  let similarity: TextSimilarity;
  beforeAll(() => {
    embedder = createEmbedder(config);
    similarity = localMeaningSimilarity(embedder, config)!;
  });
  afterAll(() => embedder.close());

  it('answers from a sentence that says it in other words ("reach the summit" / "first confirmed ascent")', async () => {
    const question = 'When did Hillary and Norgay reach the summit?';
    expect(await qa({ question, text: EVEREST })).toMatchObject({ output: { answer: null }, model: 'local/bm25-answer-type' });
    const r = await qa({ question, text: EVEREST }, similarity);
    expect(r).toMatchObject({ output: { answer: 'on 29 May 1953' }, model: 'local/hybrid-answer-type' });
  });

  it('is surer of a right answer its words alone found only in part', async () => {
    const question = 'When did Amundsen reach the South Pole?';
    const lexical = (await qa({ question, text: POLE })).output;
    const hybrid = (await qa({ question, text: POLE }, similarity)).output;
    expect(hybrid.answer).toBe('on 14 December 1911');
    expect(hybrid.answer).toBe(lexical.answer);
    expect(hybrid.confidence).toBeGreaterThan(lexical.confidence as number);
  });

  it('still answers nothing when the documents are on the topic but hold no answer', async () => {
    const question = 'How many dogs did Amundsen take?';
    expect((await qa({ question, text: POLE }, similarity)).output.answer).toBeNull();
    expect(await rag({ question, documents: [EVEREST, POLE] }, similarity)).toMatchObject({ output: { supported: false, citations: [] } });
  });
});
