import { answerTypeOf } from './answerType';
import { passagesOf, rankPassages } from './passageRetrieval';
import { rerank } from './qa';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type RagDocument = NonNullable<RagInput['documents']>[number];

/** The input of /rag, derived from its registry entry (schema/documents/documentTools.ts). */
export type RagInput = ToolArguments<typeof documentTools, 'rag'>;

export interface RagResult {
  answer: string;
  /** False when no supplied passage speaks to enough of the question: then nothing is claimed. */
  supported: boolean;
  confidence: number;
  citations: { marker: number; document: number; id?: string; title?: string; start: number; end: number; quote: string }[];
}

// A passage must contain at least this share of the question's idf mass to count as support.
const SUPPORT = 0.5;
// Further passages join the answer only if nearly as relevant as the best one.
const KEEP = 0.6;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Grounded answering: only sentences quoted from the supplied documents, each cited by document and offsets;
 * when none is supported, the answer says so instead of guessing.
 */
export function answerFromDocuments(input: RagInput): RagResult {
  const documents = [...(input.documents ?? []), ...(input.text ? [input.text] : [])].map((d) =>
    typeof d === 'string' ? { text: d } : { id: d.id, title: d.title, text: d.text ?? d.content ?? '' },
  );
  const type = answerTypeOf(input.question);
  const ranked = rerank(rankPassages(passagesOf(documents.map((d) => d.text)), input.question), type, input.question);
  const best = ranked[0];
  if (!best || best.passage.coverage < SUPPORT) {
    return {
      answer: 'The supplied documents do not contain an answer to this question.',
      supported: false,
      confidence: round(1 - (best?.passage.coverage ?? 0)),
      citations: [],
    };
  }
  // Further passages join only when nearly as relevant and they support a part of the question the others do not.
  const chosen = [best];
  const covered = new Set(best.passage.matched);
  for (const r of ranked.slice(1)) {
    if (chosen.length >= (input.max_citations ?? 3)) break;
    if (r.passage.coverage < SUPPORT || r.score < best.score * KEEP || r.passage.matched.every((t) => covered.has(t))) continue;
    chosen.push(r);
    r.passage.matched.forEach((t) => covered.add(t));
  }
  // Read in document order, as the author wrote it.
  chosen.sort((a, b) => a.passage.document - b.passage.document || a.passage.start - b.passage.start);
  const citations = chosen.map(({ passage }, i) => {
    const doc = documents[passage.document]!;
    return {
      marker: i + 1,
      document: passage.document,
      ...(doc.id ? { id: doc.id } : {}),
      ...(doc.title ? { title: doc.title } : {}),
      start: passage.start,
      end: passage.end,
      quote: passage.text,
    };
  });
  // A typed answer (a date, a name) is stated with the marker of the sentence it comes from; otherwise the quotes are the answer.
  const answer = best.answer ? `${best.answer} [${chosen.indexOf(best) + 1}]` : citations.map((c) => `${c.quote} [${c.marker}]`).join(' ');
  return { answer, supported: true, confidence: round(best.passage.coverage), citations };
}
