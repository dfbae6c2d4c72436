/** A stretch of a sentence on one side of a contrast ("great camera, but the battery is terrible"). */
export interface ContrastClause {
  readonly text: string;
  /** before: conceded ("great camera"); after: what the writer stresses ("the battery is terrible"); alone: no contrast. */
  readonly side: 'before' | 'after' | 'alone';
}

// The side after these is the one the writer stresses.
const STRESSING = /\s*(?:[,;:]\s*|\s)\b(?:but|however|yet|whereas|on the other hand|that said|sadly|unfortunately)\b[,:]?\s*/i;
// These open the conceded side: "A, though B" / "although B, A".
const CONCEDING = /\s*(?:[,;]\s*|\s)\b(?:although|though|even though|even if)\b\s+(?=\p{L})/iu;
const OPENING_CONCESSION = /^\s*(?:although|though|even though|even if|while|whilst|despite)\b\s*/i;
// Adverbial "though" ("It is poor, though.") and an opening "However," make the whole sentence answer the one before.
const ADVERBIAL_THOUGH = /,?\s*\bthough\b\s*(?=[;:,.!?]|$)/i;
const OPENING_CONTRAST = /^\s*(?:but|however|yet|still|sadly|unfortunately|on the other hand|that said|by contrast|in contrast)\b[,:]?\s*/i;
// "The platform, on the other hand, is clunky": set off by commas after the subject, the marker answers the sentence before.
const PARENTHETICAL_CONTRAST = /,\s*(?:however|on the other hand|by contrast|in contrast|though)\s*,\s*/i;

const hasWords = (text: string) => /\p{L}/u.test(text);

/**
 * Splits a sentence at its contrast marker: the side after "but/however/yet" is stressed, a clause opened by
 * "though/although" is conceded. A sentence opening with "However," or carrying an adverbial "though" is stressed as
 * a whole: it answers the sentence before (see answersPrevious).
 */
export function contrastClausesOf(sentence: string): ContrastClause[] {
  const text = sentence.trim();
  if (answersPrevious(text))
    return [{ text: text.replace(OPENING_CONTRAST, '').replace(PARENTHETICAL_CONTRAST, ' ').replace(ADVERBIAL_THOUGH, ''), side: 'after' }];
  const stress = STRESSING.exec(text);
  if (stress && stress.index > 0) {
    const before = text.slice(0, stress.index);
    const after = text.slice(stress.index + stress[0].length);
    if (hasWords(before) && hasWords(after))
      return [
        { text: before, side: 'before' },
        { text: after, side: 'after' },
      ];
  }
  const opening = OPENING_CONCESSION.exec(text);
  if (opening) {
    const rest = text.slice(opening[0].length);
    const comma = rest.indexOf(',');
    if (comma > 0 && hasWords(rest.slice(comma + 1)))
      return [
        { text: rest.slice(0, comma), side: 'before' },
        { text: rest.slice(comma + 1), side: 'after' },
      ];
  }
  const concede = CONCEDING.exec(text);
  if (concede && concede.index > 0) {
    const head = text.slice(0, concede.index);
    const rest = text.slice(concede.index + concede[0].length);
    if (hasWords(head) && hasWords(rest))
      return [
        { text: head, side: 'after' },
        { text: rest, side: 'before' },
      ];
  }
  return [{ text, side: 'alone' }];
}

/** A sentence that opens with "However," or carries a parenthetical "on the other hand" or adverbial "though" answers the one before it. */
export function answersPrevious(sentence: string): boolean {
  return OPENING_CONTRAST.test(sentence) || PARENTHETICAL_CONTRAST.test(sentence) || ADVERBIAL_THOUGH.test(sentence);
}
