import { readAnswer, type ReaderOptions } from './answerReader';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type RagDocument = NonNullable<RagInput['documents']>[number];

/** The input of /rag, derived from its registry entry (schema/documents/documentTools.ts). */
export type RagInput = ToolArguments<typeof documentTools, 'rag'>;

export interface RagResult {
  answer: string;
  /** False when no supplied passage answers the question: then nothing is claimed. */
  supported: boolean;
  /** In the answer; when unsupported, that the documents hold none. */
  confidence: number;
  citations: { marker: number; document: number; id?: string; title?: string; start: number; end: number; quote: string }[];
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

export const NO_ANSWER = 'The supplied documents do not contain an answer to this question.';
// Further passages join the answer only if nearly as relevant as the answering one, and add asked words it lacks.
const KEEP = 0.8;

/**
 * Grounded answering: the answer is a phrase or sentences quoted from the supplied documents (answerReader), each
 * cited by document and offsets; when nothing in them answers, it says so instead of guessing.
 */
export async function answerFromDocuments(input: RagInput, options: ReaderOptions = {}): Promise<RagResult> {
  const documents = [...(input.documents ?? []), ...(input.text ? [input.text] : [])].map((d) =>
    typeof d === 'string' ? { text: d } : { id: d.id, title: d.title, text: d.text ?? d.content ?? '' },
  );
  const reading = await readAnswer(
    documents.map((d) => d.text),
    input.question,
    options,
  );
  const best = reading.passage;
  if (!reading.supported || !best) return { answer: NO_ANSWER, supported: false, confidence: reading.confidence, citations: [], method: reading.method };

  const bestRelevance = reading.ranked.find((p) => p.start === best.start && p.document === best.document)?.relevance ?? best.coverage;
  const chosen = [best];
  const covered = new Set(best.matched);
  // A sentence answer may need its neighbours; a phrase answer is cited from its own sentence alone.
  if (!reading.phrase) {
    for (const p of reading.ranked) {
      if (chosen.length >= (input.max_citations ?? 3)) break;
      if (chosen.includes(p) || p.relevance < bestRelevance * KEEP || p.matched.every((t) => covered.has(t))) continue;
      chosen.push(p);
      p.matched.forEach((t) => covered.add(t));
    }
  }
  // Read in document order, as the author wrote it.
  chosen.sort((a, b) => a.document - b.document || a.start - b.start);
  const citations = chosen.map((passage, i) => {
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
  const answer = reading.phrase ? `${reading.phrase} [${chosen.indexOf(best) + 1}]` : citations.map((c) => `${c.quote} [${c.marker}]`).join(' ');
  return { answer, supported: true, confidence: reading.confidence, citations, method: reading.method };
}
