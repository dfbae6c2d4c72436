import winkNLP, { type Document, type ItemToken, type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { synsetsOf } from './wordnet';

/** One wink-nlp pipeline per process: loading the English model takes a few hundred milliseconds. */
let instance: ReturnType<typeof winkNLP> | undefined;

export function nlp(): ReturnType<typeof winkNLP> {
  instance ??= winkNLP(model);
  return instance;
}

export function readDoc(text: string): Document {
  return nlp().readDoc(text);
}

export interface ReadabilityStats {
  /** Flesch reading ease; 100 for text with no words (nothing in it is hard to read). */
  readonly fres: number;
  readonly numOfWords: number;
  readonly numOfSentences: number;
}

/** wink's readability figures, always finite: with no words its Flesch score divides by zero (NaN, sent as null). */
export function readabilityOf(text: string): ReadabilityStats {
  const stats = readDoc(text).out(nlp().its.readabilityStats) as ReadabilityStats;
  return { ...stats, fres: stats.numOfWords > 0 && Number.isFinite(stats.fres) ? stats.fres : 100 };
}

export interface Token {
  readonly text: string;
  readonly lemma: string;
  readonly pos: string;
  readonly stop: boolean;
  readonly word: boolean;
  readonly negated: boolean;
}

const plurals = new Map<string, string>();

/**
 * wink leaves a capitalised word as written when it takes it for a name, as it often does at a sentence's start
 * ("Refunds are issued …"): a plural whose singular is an English noun is lemmatised as that noun.
 */
function properLemma(lemma: string): string {
  if (!/^[a-z]{3,}s$/.test(lemma)) return lemma;
  let singular = plurals.get(lemma);
  if (singular === undefined) {
    const stem = [lemma.replace(/ies$/, 'y'), lemma.replace(/es$/, ''), lemma.slice(0, -1)].find((s) => s !== lemma && synsetsOf(s, 'noun', 1).length > 0);
    singular = stem ?? lemma;
    if (plurals.size > 20_000) plurals.clear();
    plurals.set(lemma, singular);
  }
  return singular;
}

/** A token's lemma in lower case, a name-like plural taken back to its noun (properLemma). */
export function lemmaOf(token: ItemToken): string {
  const its = nlp().its;
  // wink's typings give lemma an addon signature token.out() does not accept; the call itself is documented.
  const lemma = (token.out(its.lemma as ItsFunction<string>) as string).toLowerCase();
  return token.out(its.pos) === 'PROPN' ? properLemma(lemma) : lemma;
}

/** A token of a text with where it stands in it. */
export interface TokenSpan {
  readonly token: ItemToken;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Each token of a text with its character offsets: wink gives none, so each is found after the one before. */
export function tokenSpans(text: string): TokenSpan[] {
  const its = nlp().its;
  const spans: TokenSpan[] = [];
  let cursor = 0;
  readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      const value = token.out(its.value) as string;
      const start = text.indexOf(value, cursor);
      if (start < 0) return;
      cursor = start + value.length;
      spans.push({ token, text: value, start, end: cursor });
    });
  return spans;
}

export function tokensOf(doc: Document): Token[] {
  const its = nlp().its;
  const out: Token[] = [];
  doc.tokens().each((t: ItemToken) => {
    out.push({
      text: t.out(its.normal) as string,
      lemma: lemmaOf(t),
      pos: t.out(its.pos) as string,
      stop: t.out(its.stopWordFlag) as boolean,
      word: t.out(its.type) === 'word',
      negated: t.out(its.negationFlag) as boolean,
    });
  });
  return out;
}

export function sentencesOf(doc: Document): string[] {
  return doc.sentences().out() as string[];
}
