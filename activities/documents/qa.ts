import { answerTypeOf, findAnswer } from './answerType';
import { passagesOf, rankPassages, type RankedPassage } from './passageRetrieval';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /qa, derived from its registry entry (schema/documents/documentTools.ts). */
export type QaInput = ToolArguments<typeof documentTools, 'qa'>;

export interface Citation {
  document: number;
  start: number;
  end: number;
  quote: string;
}

export interface QaResult {
  /** The answering phrase (a date, an amount, a name) when the question asks for one, else the answering sentence. */
  answer: string | null;
  confidence: number;
  source_quote: string | null;
  citations: Citation[];
  answer_type: string;
}

// A passage holding the kind of phrase the question asks for ("when" → a date) is worth half as much again.
const TYPE_BOOST = 1.5;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Retrieve-then-read: BM25 over the document's sentences, re-ranked by answer type, then the typed phrase in the best one. */
export function answerQuestion(input: QaInput): QaResult {
  const documents = [...(input.text ? [input.text] : []), ...(input.documents ?? [])];
  const type = answerTypeOf(input.question);
  const ranked = rerank(rankPassages(passagesOf(documents), input.question), type, input.question);
  const best = ranked[0];
  if (!best || best.passage.score === 0) return { answer: null, confidence: 0, source_quote: null, citations: [], answer_type: type };
  const second = ranked[1]?.score ?? 0;
  const margin = best.score > 0 ? (best.score - second) / best.score : 0;
  const confidence = best.passage.coverage * (0.6 + 0.4 * margin) * (type === 'other' || best.answer ? 1 : 0.7);
  const { document, start, end, text } = best.passage;
  return {
    answer: best.answer ?? text,
    confidence: round(Math.min(1, confidence)),
    source_quote: text,
    citations: [{ document, start, end, quote: text }],
    answer_type: type,
  };
}

export function rerank(passages: readonly RankedPassage[], type: ReturnType<typeof answerTypeOf>, question: string) {
  return passages
    .filter((p) => p.score > 0)
    .slice(0, 10)
    .map((passage) => {
      const answer = type === 'other' ? undefined : findAnswer(passage.text, type, question);
      return { passage, answer, score: passage.score * (answer ? TYPE_BOOST : 1) };
    })
    .sort((a, b) => b.score - a.score);
}
