import vader from 'vader-sentiment';
import { EMOTION_LEXICON, EMOTIONS, type Emotion } from './emotionLexicon';
import { readDoc, sentencesOf, tokensOf } from '../tools/nlp/nlp';
import { rankPhrases } from '../tools/nlp/phrases';

export interface SentimentResult {
  polarity: 'positive' | 'negative' | 'neutral' | 'mixed';
  score: number;
  confidence: number;
  emotions: Record<Emotion, number>;
  key_phrases: string[];
  sentences: { text: string; score: number }[];
}

// VADER's published thresholds for its compound score.
const POSITIVE = 0.05;
const NEGATIVE = -0.05;
const STRONG = 0.5;

const NEGATIONS = new Set(['not', 'never', 'no', "n't", 'without', 'hardly', 'neither', 'nor', 'nothing', 'barely']);
const NEGATION_REACH = 3;

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/** VADER (Hutto & Gilbert, 2014) per sentence and overall, a lexicon for emotions, RAKE for the phrases that carry it. */
export function analyzeSentiment(text: string): SentimentResult {
  const doc = readDoc(text);
  const overall = vader.SentimentIntensityAnalyzer.polarity_scores(text);
  const sentences = sentencesOf(doc).map((s) => ({ text: s, score: round(vader.SentimentIntensityAnalyzer.polarity_scores(s).compound) }));

  const strongPositive = sentences.some((s) => s.score >= STRONG);
  const strongNegative = sentences.some((s) => s.score <= -STRONG);
  const compound = overall.compound;
  const polarity = strongPositive && strongNegative ? 'mixed' : compound >= POSITIVE ? 'positive' : compound <= NEGATIVE ? 'negative' : 'neutral';
  const confidence = polarity === 'mixed' ? 0.5 : polarity === 'neutral' ? overall.neu : 0.5 + Math.abs(compound) / 2;

  const tokens = tokensOf(doc);
  const counts = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  let hits = 0;
  let sinceNegation = Infinity;
  for (const token of tokens) {
    if (!token.word) {
      if (/[.!?;]/.test(token.text)) sinceNegation = Infinity;
      continue;
    }
    sinceNegation += 1;
    if (NEGATIONS.has(token.lemma) || NEGATIONS.has(token.text)) {
      sinceNegation = 0;
      continue;
    }
    // "not happy" is not joy: an emotion word just after a negation is left out rather than guessed at.
    if (sinceNegation <= NEGATION_REACH) continue;
    for (const emotion of EMOTION_LEXICON.get(token.lemma) ?? EMOTION_LEXICON.get(token.text) ?? []) {
      counts[emotion] += 1;
      hits += 1;
    }
  }
  const emotions = Object.fromEntries(EMOTIONS.map((e) => [e, hits ? round(counts[e] / hits) : 0])) as Record<Emotion, number>;

  // Key phrases: the strongest noun phrases of the sentences that carry the feeling.
  const charged = sentences.filter((s) => Math.abs(s.score) >= POSITIVE);
  const phraseSource = charged.length ? charged.map((s) => s.text).join(' ') : text;
  const key_phrases = rankPhrases(tokensOf(readDoc(phraseSource)))
    .slice(0, 5)
    .map((p) => p.phrase);

  return { polarity, score: round(compound), confidence: round(confidence), emotions, key_phrases, sentences };
}
