import { answerQuestion } from './qa';
import { answerFromDocuments } from './rag';

const APOLLO = [
  'Apollo 11 was the first crewed mission to land on the Moon. It launched from Kennedy Space Center on July 16, 1969. ' +
    'Neil Armstrong and Buzz Aldrin landed the lunar module Eagle on July 20, 1969. Michael Collins stayed in orbit.',
  'The Saturn V rocket stood 111 metres tall. It was built by Boeing, North American Aviation and Douglas.',
];

describe('qa (BM25 retrieval)', () => {
  it('picks the passage that holds the answer and quotes it with its offsets', () => {
    const r = answerQuestion({ question: 'When did Armstrong and Aldrin land the Eagle?', documents: APOLLO });
    expect(r.source_quote).toContain('July 20, 1969');
    expect(r.answer).toBe('July 20, 1969');
    const [citation] = r.citations;
    expect(APOLLO[citation!.document]!.slice(citation!.start, citation!.end)).toBe(r.source_quote);
  });

  it('reads the sentence before a pronoun: "It was built by …" answers who built the rocket', () => {
    const r = answerQuestion({ question: 'Who built the Saturn V rocket?', documents: APOLLO });
    expect(r.source_quote).toMatch(/^It was built by/);
    expect(r.answer).toContain('Boeing');
    expect(r.citations[0]!.document).toBe(1);
  });

  it('is less confident when the document barely touches the question', () => {
    const good = answerQuestion({ question: 'How tall was the Saturn V rocket?', documents: APOLLO });
    const poor = answerQuestion({ question: 'How tall was the Eiffel tower in Paris?', documents: APOLLO });
    expect(good.answer).toBe('111 metres');
    expect(poor.confidence).toBeLessThan(good.confidence);
  });
});

describe('rag (answers only from the documents)', () => {
  it('cites the supporting sentence by document and offsets', () => {
    const r = answerFromDocuments({ question: 'Who stayed in orbit during Apollo 11?', documents: APOLLO.map((text, i) => ({ id: `doc-${i}`, text })) });
    expect(r.supported).toBe(true);
    expect(r.answer).toContain('Michael Collins');
    const cited = r.citations.find((c) => c.quote.includes('Collins'));
    expect(cited).toMatchObject({ document: 0, id: 'doc-0' });
    expect(APOLLO[0]!.slice(cited!.start, cited!.end)).toBe(cited!.quote);
    expect(r.answer).toMatch(/\[\d\]/);
  });

  it('says nothing supports an answer instead of guessing', () => {
    const r = answerFromDocuments({ question: 'What is the capital of France?', documents: APOLLO });
    expect(r.supported).toBe(false);
    expect(r.citations).toEqual([]);
    expect(r.answer).not.toMatch(/Paris|Apollo|Saturn/);
  });
});
