import { readAnswer, type ReaderOptions } from './answerReader';
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
  /** The answering phrase (a date, an amount, a name) when the question asks for one, else the answering sentence; null when the text holds none. */
  answer: string | null;
  /** In the answer; with a null answer, that the text holds none. */
  confidence: number;
  source_quote: string | null;
  citations: Citation[];
  answer_type: string;
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

/** Retrieve-then-read (answerReader): the phrase of the asked type from the sentence that best holds the question, or null. */
export async function answerQuestion(input: QaInput, options: ReaderOptions = {}): Promise<QaResult> {
  const documents = [...(input.text ? [input.text] : []), ...(input.documents ?? [])];
  const reading = await readAnswer(documents, input.question, options);
  const { passage } = reading;
  if (!reading.supported || !passage) {
    return { answer: null, confidence: reading.confidence, source_quote: null, citations: [], answer_type: reading.analysis.type, method: reading.method };
  }
  const { document, start, end, text } = passage;
  return {
    answer: reading.phrase ?? text,
    confidence: reading.confidence,
    source_quote: text,
    citations: [{ document, start, end, quote: text }],
    answer_type: reading.analysis.type,
    method: reading.method,
  };
}
