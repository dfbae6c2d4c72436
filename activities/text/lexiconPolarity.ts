import vader from 'vader-sentiment';
import { nlp, readDoc } from '../tools/nlp/nlp';

/** How positive a stretch of text reads, -1 to 1, by two lexicons that miss different words. */
export interface Polarity {
  readonly score: number;
  readonly vader: number;
  readonly wink: number;
}

// VADER scores "please" as praise; in "please send the form" it is politeness, not feeling.
const POLITENESS = /\b(?:please|kindly)\b/gi;
const NEGATOR = /\b(?:not|never|nobody|no one|nothing|none|hardly|no)\b|n't\b/i;
// VADER's own factor for a negated word.
const NEGATED = -0.74;

const vaderOf = (text: string) => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
const winkOf = (text: string) => Math.max(-1, Math.min(1, readDoc(text).out(nlp().its.sentiment) as number));

/**
 * Both lexicons look only a few words back for a negation: "nobody in leadership seems to care" puts it five back.
 * When all the feeling lies after the first negation and taking the negations out leaves the score as it was, the
 * lexicon did not hear them, and the feeling it found is negated.
 */
function withNegation(score: (text: string) => number, text: string): number {
  const found = score(text);
  const negation = NEGATOR.exec(text);
  if (found === 0 || !negation) return found;
  const unnegated = score(text.replace(new RegExp(NEGATOR.source, 'gi'), ' '));
  return score(text.slice(0, negation.index)) === 0 && Math.abs(unnegated - found) < 0.01 ? NEGATED * found : found;
}

/**
 * VADER (Hutto & Gilbert, 2014) and wink-nlp's AFINN-based scorer: where both hear a feeling they are averaged, where
 * only one does it counts for less (AFINN's coarse entries, "faced" among them, for less than VADER's), where they
 * disagree the score is weak. Curly apostrophes are straightened first: VADER's negations are written "didn't".
 */
export function polarityOf(text: string): Polarity {
  // One word's polarity is asked again and again (every adjective and adverb of every text, the verbs after a
  // negation), and each asking ran both lexicons and wink's whole pipeline on it: a word is read once per process.
  if (text.length > MAX_CACHED_WORD || /\s/.test(text)) return readPolarity(text);
  let known = wordPolarity.get(text);
  if (!known) {
    if (wordPolarity.size >= WORDS_KEPT) wordPolarity.clear();
    wordPolarity.set(text, (known = readPolarity(text)));
  }
  return known;
}

const MAX_CACHED_WORD = 40;
// English has fewer words in use than this; a flood of made-up ones starts the cache over rather than growing it.
const WORDS_KEPT = 50_000;
const wordPolarity = new Map<string, Polarity>();

function readPolarity(text: string): Polarity {
  const plain = text.replace(/[’‘]/g, "'").replace(POLITENESS, '');
  const v = withNegation(vaderOf, plain);
  const w = withNegation(winkOf, plain);
  const score = w === 0 ? 0.85 * v : v === 0 ? 0.5 * w : Math.sign(v) === Math.sign(w) ? (v + w) / 2 : (v + w) / 4;
  return { score, vader: v, wink: w };
}
