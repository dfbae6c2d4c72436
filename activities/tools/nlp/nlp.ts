import winkNLP, { type Document, type ItemToken, type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

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

export function tokensOf(doc: Document): Token[] {
  const its = nlp().its;
  const out: Token[] = [];
  doc.tokens().each((t: ItemToken) => {
    out.push({
      text: t.out(its.normal) as string,
      // wink's typings give lemma an addon signature token.out() does not accept; the call itself is documented.
      lemma: (t.out(its.lemma as ItsFunction<string>) as string).toLowerCase(),
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
