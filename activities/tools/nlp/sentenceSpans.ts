import { readDoc, sentencesOf } from './nlp';

export interface Span {
  readonly text: string;
  /** Character offsets into the original text, end exclusive. */
  readonly start: number;
  readonly end: number;
}

/** wink-nlp's sentences located in the source, so a quote can be cited by offset. */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  let cursor = 0;
  for (const raw of sentencesOf(readDoc(text))) {
    const sentence = raw.trim();
    if (!sentence) continue;
    const at = text.indexOf(sentence, cursor);
    // wink keeps the original spacing, so the sentence is found; if a future version normalises it, fall back to the cursor.
    const start = at >= 0 ? at : cursor;
    spans.push({ text: sentence, start, end: start + sentence.length });
    cursor = start + sentence.length;
  }
  return spans;
}

/** Paragraphs: blocks separated by blank lines, with their offsets. */
export function paragraphSpans(text: string): Span[] {
  const spans: Span[] = [];
  const re = /[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*/g;
  for (const m of text.matchAll(re)) {
    const body = m[0].trim();
    if (body) spans.push({ text: body, start: m.index + m[0].indexOf(body), end: m.index + m[0].indexOf(body) + body.length });
  }
  return spans;
}
