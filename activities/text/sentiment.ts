import { EMOTION_LEXICON, EMOTIONS, type Emotion } from './emotionLexicon';
import { answersPrevious, contrastClausesOf, type ContrastClause } from './contrastClauses';
import { polarityOf, type Polarity } from './lexiconPolarity';
import { readDoc, sentencesOf, type Token, tokensOf } from '../tools/nlp/nlp';
import { rankPhrases } from '../tools/nlp/phrases';

export interface SentimentResult {
  polarity: 'positive' | 'negative' | 'neutral' | 'mixed';
  score: number;
  confidence: number;
  emotions: Record<Emotion, number>;
  key_phrases: string[];
  sentences: { text: string; score: number }[];
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// A clause this far from zero carries a feeling; both signs this strong make the text mixed.
const FELT = 0.05;
const STRONG = 0.3;
// Across a contrast marker, which itself says the two sides differ, less is needed on each side.
const CONTRASTED = 0.2;
const MIXED_AT_MOST = 0.65;
// A text with no evaluative word and nothing personal needs this much lexicon feeling to be more than neutral: its
// words' polarity ("removes", "chance", "new") is the lexicons', not the writer's. 0.3-0.5 gave 90-92.5% on the
// development set (85% before), where factual notices scored 0.2-0.3.
const PLAIN_FELT = 0.35;

// What follows "but" outweighs what it concedes (VADER's own but-rule weighs the two sides 1.5 and 0.5).
const SIDE_WEIGHT: Record<ContrastClause['side'], number> = { before: 0.5, after: 1.5, alone: 1 };

const NEGATIONS = new Set(['not', 'never', 'no', "n't", 'without', 'hardly', 'neither', 'nor', 'nothing', 'barely', 'nobody']);
const NEGATION_REACH = 3;
// Signs that a text is someone's experience rather than a notice: a lexicon finding no feeling in it is less telling.
const PERSONAL = /\b(?:i|i'm|i've|my|me|we|our|us)\b|[!?]|\b(?:not|never|nobody|no one|n't)\b/i;

/** Adjectives and adverbs with a feeling of their own (subjectivity lives mostly in them: Hatzivassiloglou & Wiebe, 2000). */
function evaluativeWords(tokens: readonly Token[]): number {
  return tokens.filter((t) => (t.pos === 'ADJ' || t.pos === 'ADV') && polarityOf(t.text).vader !== 0).length;
}

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
const clamp = (n: number) => Math.max(-1, Math.min(1, n));

interface ScoredClause extends ContrastClause {
  readonly sentence: number;
  readonly polarity: Polarity;
  /** Which contrast it belongs to: a conceded side and the stressed side that answers it share one. */
  readonly contrast?: number;
}

/** Clauses of every sentence; a sentence that answers the one before ("However, …") makes that one conceded. */
function clausesOf(sentences: readonly string[]): ScoredClause[] {
  const clauses: ScoredClause[] = [];
  let contrasts = 0;
  sentences.forEach((sentence, i) => {
    const parts = contrastClausesOf(sentence);
    const contrast = parts.some((p) => p.side !== 'alone') ? contrasts++ : undefined;
    if (i > 0 && contrast !== undefined && answersPrevious(sentence)) {
      for (let k = clauses.length - 1; k >= 0 && clauses[k]!.sentence === i - 1; k--)
        if (clauses[k]!.side === 'alone') clauses[k] = { ...clauses[k]!, side: 'before', contrast };
    }
    for (const part of parts)
      clauses.push({ ...part, sentence: i, polarity: withUnmetEvents(part.text, polarityOf(part.text)), ...(part.side === 'alone' ? {} : { contrast }) });
  });
  return clauses;
}

// "Support never answered", "my claim has not been processed", "nobody called back": an event that did not happen.
const UNMET = -0.3;
const NEGATOR = new Set(['not', "n't", 'never', 'nobody', 'nothing', 'no']);
const MAY_NEGATE = /not|n't|never|nobody|\bno\b/i;
const AUXILIARY = new Set(['do', 'does', 'did', 'has', 'have', 'had', 'was', 'were', 'been', 'is', 'are', 'be', 'still', 'yet', 'even', 'ever']);

/**
 * A negated event the lexicons cannot weigh (no feeling in "answered" or "processed") is a complaint in a review or a
 * ticket: what was expected did not happen. An imperative ("Do not take more than six") is an instruction, not one.
 */
function withUnmetEvents(text: string, polarity: Polarity): Polarity {
  const straight = text.replace(/[’‘]/g, "'");
  // Only a clause with a negator can name an unmet event: the others are not parsed again ("cannot" and "nothing"
  // hold "not", whatever wink makes of them).
  if (!MAY_NEGATE.test(straight)) return polarity;
  const tokens = tokensOf(readDoc(straight)).filter((t) => t.word || t.text === "n't");
  const unmet = tokens.some((t, i) => {
    if (!NEGATOR.has(t.text) || (i <= 1 && tokens[0]?.text === 'do')) return false;
    for (const next of tokens.slice(i + 1, i + 4)) {
      if (AUXILIARY.has(next.text)) continue;
      return (
        next.pos === 'VERB' && (/ed$/.test(next.text) || tokens[i - 1]?.text === 'did' || tokens[i - 1]?.text === 'does') && polarityOf(next.text).vader === 0
      );
    }
    return false;
  });
  return unmet ? { ...polarity, score: Math.max(-1, polarity.score + UNMET) } : polarity;
}

/**
 * How a contrast reads: both sides felt with opposite signs, or a felt conceded side against a stressed side the
 * lexicons cannot read ("Great location, but the noise kept us awake"): the marker says the point is the opposite.
 */
function contrastsOf(clauses: readonly ScoredClause[]): { opposed: number; unread: boolean; unexplained: boolean } {
  let opposed = 0;
  let unread = false;
  let unexplained = false;
  const ids = new Set(clauses.map((c) => c.contrast).filter((c) => c !== undefined));
  for (const id of ids) {
    const conceded = clauses.filter((c) => c.contrast === id && c.side === 'before').map((c) => c.polarity.score);
    const stressed = clauses.filter((c) => c.contrast === id && c.side === 'after').map((c) => c.polarity.score);
    for (const a of conceded)
      for (const b of stressed) {
        if (Math.sign(a) !== Math.sign(b) && Math.abs(a) >= CONTRASTED && Math.abs(b) >= CONTRASTED)
          opposed = Math.max(opposed, Math.min(Math.abs(a), Math.abs(b)));
        // A stressed side weaker than the strong side it answers was not read: its one or two words missed the point.
        if (Math.abs(a) >= STRONG && Math.abs(b) < STRONG && !(Math.sign(a) !== Math.sign(b) && Math.abs(b) >= CONTRASTED)) unread = true;
        if (Math.sign(a) === Math.sign(b)) unexplained = true;
      }
  }
  return { opposed, unread, unexplained };
}

/**
 * Lexicon sentiment read clause by clause: each side of a contrast ("…, but …", "…, though …", "However, …") is
 * scored on its own by two lexicons (lexiconPolarity), so praise and complaint in one sentence do not cancel out.
 * Strong feeling of both signs is `mixed`; otherwise the clauses' weighted mean decides, the stressed side of a
 * contrast counting three times the conceded one. The confidence falls when the lexicons disagree, when the other
 * sign is also present, and for `neutral`, which only means no lexicon word was found.
 */
export function analyzeSentiment(text: string): SentimentResult {
  const doc = readDoc(text);
  const tokens = tokensOf(doc);
  const sentenceTexts = sentencesOf(doc);
  const clauses = clausesOf(sentenceTexts);
  const felt = clauses.filter((c) => Math.abs(c.polarity.score) >= FELT);
  const weight = felt.reduce((s, c) => s + SIDE_WEIGHT[c.side], 0);
  const overall = weight ? clamp(felt.reduce((s, c) => s + SIDE_WEIGHT[c.side] * c.polarity.score, 0) / weight) : 0;
  const most = Math.max(0, ...felt.map((c) => c.polarity.score));
  const least = Math.min(0, ...felt.map((c) => c.polarity.score));

  const contrast = contrastsOf(clauses);
  // Feeling is mostly said with adjectives and adverbs, or by someone of their own experience; a notice, a changelog
  // or a forecast that has neither states facts ("removes the legacy endpoint", "expect … approval").
  const subjective = evaluativeWords(tokens) > 0 || PERSONAL.test(text.replace(/[’‘]/g, "'"));

  let polarity: SentimentResult['polarity'];
  let confidence: number;
  if ((most >= STRONG && least <= -STRONG) || contrast.opposed > 0) {
    polarity = 'mixed';
    // Readers weigh praise against complaint differently ("I was dreading it, but it was painless" reads as praise):
    // mixed is a judgement call, never stated with certainty.
    confidence = Math.min(MIXED_AT_MOST, 0.45 + 0.4 * Math.min(1, Math.max(Math.min(most, -least), contrast.opposed) / 0.6));
  } else if (contrast.unread) {
    // The stressed side's feeling is inferred from the marker alone: said, but not with confidence.
    polarity = 'mixed';
    confidence = 0.45;
  } else if (Math.abs(overall) >= FELT && (subjective || Math.abs(overall) >= PLAIN_FELT)) {
    polarity = overall > 0 ? 'positive' : 'negative';
    const whole = polarityOf(text);
    const agree = Math.sign(whole.vader) === Math.sign(whole.wink) ? 1 : 0.75;
    const opposite = overall > 0 ? -least : most;
    // A contrast whose sides read alike means one side was misread: the marker promised an opposition.
    const promised = contrast.unexplained ? 0.7 : 1;
    confidence = (0.5 + 0.45 * Math.min(1, Math.abs(overall) / 0.8)) * agree * (1 - 0.5 * opposite) * promised * (subjective ? 1 : 0.75);
  } else {
    polarity = 'neutral';
    confidence = PERSONAL.test(text.replace(/[’‘]/g, "'")) ? 0.4 : 0.55;
  }

  const sentences = sentenceTexts.map((s, i) => {
    const own = clauses.filter((c) => c.sentence === i && Math.abs(c.polarity.score) >= FELT);
    const w = own.reduce((sum, c) => sum + SIDE_WEIGHT[c.side], 0);
    return { text: s, score: round(w ? own.reduce((sum, c) => sum + SIDE_WEIGHT[c.side] * c.polarity.score, 0) / w : 0) };
  });

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
  const charged = sentences.filter((s) => Math.abs(s.score) >= FELT);
  const phraseSource = charged.length ? charged.map((s) => s.text).join(' ') : text;
  const key_phrases = rankPhrases(phraseSource === text ? tokens : tokensOf(readDoc(phraseSource)))
    .slice(0, 5)
    .map((p) => p.phrase);

  return {
    polarity,
    score: round(overall),
    confidence: round(Math.max(0, Math.min(1, confidence))),
    emotions,
    key_phrases,
    sentences,
    method: 'lexicon-clauses',
  };
}
