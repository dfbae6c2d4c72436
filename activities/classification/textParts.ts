import { sentenceSpans } from '../tools/nlp/sentenceSpans';

// Where a sentence turns to a second matter: a subordinate or contrasting clause ("… when I press pay at checkout").
const TURN = /[,;:]\s+|\s+(?=(?:when|whenever|because|since|after|before|although|though|but|while|whereas|if|unless)\b)/i;
// A part of fewer words says too little to place on its own ("and up", "26 cm").
const MIN_WORDS = 4;

/**
 * The parts of a text that can each be about something: its sentences and their clauses, when there is more than
 * one. A text whose parts speak for different categories ("the website shows an error page when I press pay") is
 * about more than one of them, whatever the whole leans to.
 */
export function textParts(text: string): string[] {
  const parts = sentenceSpans(text)
    .flatMap((s) => s.text.split(TURN))
    .map((p) => p.trim().replace(/[.?!]+$/, ''))
    .filter((p) => p.split(/\s+/).length >= MIN_WORDS);
  return parts.length > 1 ? parts : [];
}
