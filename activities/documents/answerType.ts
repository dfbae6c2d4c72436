import type { ItemEntity, ItemToken } from 'wink-nlp';
import { nlp, readDoc, tokensOf } from '../tools/nlp/nlp';

/** What kind of phrase answers a question, from its wh-word: the classic answer-type step of factoid QA. */
export type AnswerType = 'date' | 'quantity' | 'person' | 'place' | 'other';

export function answerTypeOf(question: string): AnswerType {
  const q = question.toLowerCase();
  if (/\b(when|what (year|date|day|time|month)|which (year|date|day))\b/.test(q)) return 'date';
  if (/\bhow (much|many|long|tall|high|old|far|big|large|often)\b|\bwhat (percentage|percent|amount|price|number)\b/.test(q)) return 'quantity';
  if (/\b(who|whom|whose)\b/.test(q)) return 'person';
  if (/\bwhere\b|\bwhat (city|country|place|town)\b/.test(q)) return 'place';
  return 'other';
}

const ENTITY_TYPES: Partial<Record<AnswerType, ReadonlySet<string>>> = {
  date: new Set(['DATE', 'TIME']),
  quantity: new Set(['MONEY', 'PERCENT', 'CARDINAL', 'DURATION']),
};

interface Surface {
  readonly value: string;
  readonly lemma: string;
  readonly pos: string;
  readonly spaces: string;
}

function surfaceTokens(sentence: string): Surface[] {
  const its = nlp().its;
  const out: Surface[] = [];
  readDoc(sentence)
    .tokens()
    .each((t: ItemToken) => {
      out.push({
        value: t.out(its.value) as string,
        lemma: t.out(its.normal) as string,
        pos: t.out(its.pos) as string,
        spaces: t.out(its.precedingSpaces) as string,
      });
    });
  return out;
}

const join = (tokens: readonly Surface[]) => tokens.map((t, i) => (i ? t.spaces : '') + t.value).join('');

/**
 * The phrase of the expected type in a sentence: an entity wink-nlp recognises (dates, amounts, with the unit
 * that follows a bare number), or for people and places a list of proper-noun runs the question does not name.
 */
export function findAnswer(sentence: string, type: AnswerType, question: string): string | undefined {
  const its = nlp().its;
  const doc = readDoc(sentence);
  const asked = new Set(tokensOf(readDoc(question)).map((t) => t.text));
  const wanted = ENTITY_TYPES[type];
  if (wanted) {
    const tokens = surfaceTokens(sentence);
    const found: string[] = [];
    doc.entities().each((e: ItemEntity) => {
      if (!wanted.has(e.out(its.type) as string)) return;
      const [, last] = e.out(its.span) as number[];
      const unit = tokens[(last ?? 0) + 1];
      // "111" answers "how tall" only with its unit: "111 metres".
      const withUnit = e.out(its.type) === 'CARDINAL' && unit?.pos === 'NOUN' ? `${e.out() as string}${unit.spaces}${unit.value}` : (e.out() as string);
      found.push(withUnit);
    });
    // Numbers the question already states ("Apollo 11") are not the answer.
    return found.find((f) => !question.toLowerCase().includes(f.toLowerCase()));
  }
  if (type === 'person' || type === 'place') {
    const runs: Surface[][] = [];
    let run: Surface[] = [];
    const flush = () => {
      while (run.length && run[run.length - 1]!.pos !== 'PROPN') run.pop();
      if (run.length) runs.push(run);
      run = [];
    };
    for (const t of surfaceTokens(sentence)) {
      const named = t.pos === 'PROPN' && !asked.has(t.lemma);
      // A list of names ("Boeing, North American Aviation and Douglas") is one answer.
      const joiner = run.length > 0 && (t.pos === 'CCONJ' || t.value === ',');
      if (named || joiner) run.push(t);
      else flush();
    }
    flush();
    return runs[0] ? join(runs[0]) : undefined;
  }
  return undefined;
}
