import type { Span } from '../tools/nlp/sentenceSpans';

/**
 * Splits a sentence into clauses at semicolons and at a comma or "and"/"but" that starts a new subject with its
 * own verb ("Alice will send the budget, and Bob should review it"): each clause can be its own action or event.
 */
export function clausesOf(sentence: Span): Span[] {
  const cuts = [0];
  const re =
    /;\s*|,?\s+(?:and|but|while|whereas)\s+(?=(?:[A-Z][\w'’-]*|I|we|you|they|he|she)\s+(?:will|shall|should|must|needs? to|has to|have to|can|to|is|are)\b)|,\s+(?:and|but|then)\s+/g;
  for (const m of sentence.text.matchAll(re)) cuts.push(m.index + m[0].length);
  cuts.push(sentence.text.length);
  const spans: Span[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const raw = sentence.text.slice(cuts[i], cuts[i + 1]);
    const text = raw
      .replace(/[\s,;]*(?:,?\s+(?:and|but|while|whereas)\s*)?$/i, '')
      .replace(/^[\s,;]+/, '')
      .replace(/^(?:and|but|then)\s+/i, '');
    if (!text) continue;
    const start = sentence.start + cuts[i]! + raw.indexOf(text);
    spans.push({ text, start, end: start + text.length });
  }
  return spans;
}
