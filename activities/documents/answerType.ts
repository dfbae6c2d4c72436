import type { ItemToken } from 'wink-nlp';
import { contentLemmas } from '../tools/nlp/contentLemmas';
import { lemmaOf, nlp, readDoc } from '../tools/nlp/nlp';
import type { PhraseKind } from './typedPhrases';

/** What kind of phrase answers a question: the classic answer-type step of factoid QA. */
export type AnswerType =
  | 'count'
  | 'money'
  | 'percent'
  | 'duration'
  | 'extent'
  | 'length'
  | 'weight'
  | 'area'
  | 'temperature'
  | 'age'
  | 'frequency'
  | 'quantity'
  | 'number'
  | 'date'
  | 'time'
  | 'person'
  | 'place'
  | 'email'
  | 'url'
  | 'other';

const AMOUNTS: readonly PhraseKind[] = ['count', 'money', 'percent', 'duration', 'length', 'weight', 'area', 'temperature', 'quantity', 'age'];

/** The phrase kinds that can answer each type, the best fit first ("how long is it?" is a length or a duration). */
export const ACCEPTS: Readonly<Record<AnswerType, readonly PhraseKind[]>> = {
  count: ['count', 'duration', 'quantity', 'length', 'weight'],
  money: ['money'],
  percent: ['percent'],
  duration: ['duration', 'time'],
  extent: ['length', 'duration'],
  length: ['length'],
  weight: ['weight'],
  area: ['area', 'length', 'quantity'],
  temperature: ['temperature'],
  age: ['age', 'duration'],
  frequency: ['frequency'],
  quantity: AMOUNTS,
  number: AMOUNTS,
  date: ['date', 'time'],
  time: ['time', 'date'],
  person: ['person', 'organization', 'name'],
  place: ['place', 'organization', 'name'],
  email: ['email'],
  url: ['url'],
  other: [],
};

/** A measure's dimension, whose words the answering sentence should hold ("how deep" wants a depth, not a length). */
export type Dimension = 'length' | 'depth' | 'height' | 'distance' | 'width' | 'weight';

export const DIMENSION_WORDS: Readonly<Record<Dimension, ReadonlySet<string>>> = {
  length: new Set(['long', 'length', 'stretch', 'span', 'run', 'extend', 'along']),
  depth: new Set(['deep', 'depth', 'below', 'beneath', 'down']),
  height: new Set(['tall', 'high', 'height', 'rise', 'stand', 'tower', 'above', 'elevation', 'altitude']),
  distance: new Set(['far', 'distance', 'range', 'cover', 'away', 'travel', 'go', 'reach']),
  width: new Set(['wide', 'width', 'across', 'broad', 'breadth']),
  weight: new Set(['weigh', 'weight', 'heavy', 'mass']),
};

export interface QuestionAnalysis {
  readonly type: AnswerType;
  /** Content lemmas saying what is asked about: the question's words without its wh-phrase. */
  readonly focus: string[];
  /** The noun a count or amount is of ("how many jobs" → "job"), which the answer's own noun should be. */
  readonly counted?: string;
  readonly dimension?: Dimension;
}

const MONEY_WORDS =
  /\b(?:cost|costs|price|prices|pay|paid|charge|charged|fee|fees|fare|spend|spent|earn|earned|revenue|budget|money|salary|worth|ticket|rent|allowance|deposit|refund|tax|fine|invest|invested|sell|sold|owe|profit|income|raise|raised)\b/;
const LEAD_TIME =
  /\bhow (?:far |long |much time |many (?:hours|days|weeks) )?(?:in advance|ahead|beforehand|before|prior)\b|\bhow (?:early|soon)\b|\bhow much (?:notice|warning|lead time|advance notice|time)\b/;
const MEASURE: Readonly<Record<string, { type: AnswerType; dimension?: Dimension }>> = {
  far: { type: 'length', dimension: 'distance' },
  tall: { type: 'length', dimension: 'height' },
  high: { type: 'length', dimension: 'height' },
  deep: { type: 'length', dimension: 'depth' },
  wide: { type: 'length', dimension: 'width' },
  big: { type: 'area' },
  large: { type: 'area' },
  heavy: { type: 'weight', dimension: 'weight' },
  old: { type: 'age' },
  often: { type: 'frequency' },
  // "How early does the pool open?" (a lead time, "how early should I arrive?", is read before these).
  early: { type: 'time' },
  late: { type: 'time' },
  fast: { type: 'quantity' },
  hot: { type: 'temperature' },
  cold: { type: 'temperature' },
  warm: { type: 'temperature' },
};
// "Where was the final held?": verbs of being somewhere say nothing a place's sentence must repeat.
const PLACE_VERBS = new Set(['hold', 'take', 'place', 'locate', 'situate', 'base', 'find', 'happen']);
// Hedges a question carries that its answer need not repeat ("how long does it usually take").
const HEDGES = new Set(['usually', 'typically', 'normally', 'generally', 'actually', 'really', 'currently', 'exactly', 'roughly', 'approximately']);
// The words that name an answer type rather than what it is about ("what email address", "which website").
const TYPE_WORDS: Partial<Record<AnswerType, ReadonlySet<string>>> = {
  email: new Set(['email', 'e-mail', 'address', 'mail']),
  url: new Set(['url', 'website', 'web', 'address', 'link', 'site']),
  temperature: new Set(['temperature']),
  percent: new Set(['percentage', 'percent', 'proportion', 'share', 'fraction']),
  date: new Set(['year', 'date', 'day', 'month', 'weekday', 'evening', 'night']),
  duration: new Set(['advance', 'ahead', 'beforehand', 'prior']),
  time: new Set(['time', 'hour']),
};

function typeOf(q: string): { type: AnswerType; dimension?: Dimension } {
  // "how" with its measure word ("how deep") is the wh-phrase; analyzeQuestion drops that word from the focus.
  // A lead time, a notice, a delay: "how far in advance", "how early", "how long before", "how much notice".
  if (LEAD_TIME.test(q) && !/\b(?:open|opens|close|closes|start|starts|begin|begins|finish|finishes)\b/.test(q)) return { type: 'duration' };
  if (/\bhow many\b/.test(q)) return { type: 'count' };
  if (/\bhow much\b/.test(q)) {
    if (/\b(?:weigh|weighs|weight|heavy)\b/.test(q)) return { type: 'weight', dimension: 'weight' };
    // "How much is a monthly membership?": what a thing is, counted as one, is its price.
    return { type: MONEY_WORDS.test(q) || /\bhow much (?:is|are|was|were|will) (?:a|an|one|each|the)\b/.test(q) ? 'money' : 'quantity' };
  }
  if (/\bfor how long\b|\bhow long (?:does|do|did|will|would|can|could|should|has|have|had|must|may|might)\b/.test(q)) return { type: 'duration' };
  if (/\bhow long\b/.test(q)) return { type: 'extent', dimension: 'length' };
  const measure = /\bhow (\w+)\b/.exec(q)?.[1];
  if (measure && MEASURE[measure]) return MEASURE[measure];
  if (/\b(?:what|which) (?:percentage|percent|share|proportion|fraction)\b/.test(q)) return { type: 'percent' };
  if (/\b(?:what|which) time\b|\b(?:what|which) (?:are|is) the (?:\w+ )?hours\b|\bopening hours\b/.test(q)) return { type: 'time' };
  // "when" asks for a date at the start of a question; later it is a conjunction ("the allowance when travelling").
  if (/^(?:(?:and|but|so|then|since|until|by)\s+)?when\b|\b(?:what|which) (?:years?|dates?|days?|months?|weekdays?|evenings?|nights?)\b/.test(q))
    return { type: 'date' };
  if (/\btemperature\b/.test(q)) return { type: 'temperature' };
  if (/\b(?:who|whom|whose)\b/.test(q)) return { type: 'person' };
  if (/\bwhere\b|\b(?:what|which) (?:city|country|town|place|venue|address|location|state|region|street)\b/.test(q)) return { type: 'place' };
  if (/\b(?:what|which) (?:\w+ )?e-?mail\b/.test(q)) return { type: 'email' };
  if (/\b(?:what|which) (?:\w+ )?(?:url|website|web address|link)\b/.test(q)) return { type: 'url' };
  if (/\b(?:what|which)(?: is| are|'s)? (?:the |a |an )?(?:\w+ ){0,3}(?:price|cost|fee|fare|budget|salary|allowance|deposit|revenue|charge)\b/.test(q))
    return { type: 'money' };
  if (/\b(?:what|which)(?: is| are|'s)? (?:the |a |an )?(?:\w+ ){0,3}(?:rate|limit|amount|total|size|dose|capacity|speed|number|code)\b/.test(q))
    return { type: 'number' };
  return { type: 'other' };
}

/** The head noun of the noun phrase right after "how many"/"how much" ("how many unused vacation days" → "day"). */
function countedNoun(question: string): string | undefined {
  const its = nlp().its;
  const tokens: { text: string; lemma: string; pos: string }[] = [];
  readDoc(question)
    .tokens()
    .each((t: ItemToken) => {
      tokens.push({ text: (t.out(its.normal) as string).toLowerCase(), lemma: lemmaOf(t), pos: t.out(its.pos) as string });
    });
  const at = tokens.findIndex((t, i) => t.text === 'how' && (tokens[i + 1]?.text === 'many' || tokens[i + 1]?.text === 'much'));
  if (at < 0) return undefined;
  let head: string | undefined;
  for (const t of tokens.slice(at + 2)) {
    if (t.pos === 'NOUN' || t.pos === 'PROPN') head = t.lemma;
    else if (t.pos !== 'ADJ' && t.pos !== 'NUM') break;
  }
  return head;
}

/** The question's answer type, the words it is about, and for counts and measures what is counted or measured. */
export function analyzeQuestion(question: string): QuestionAnalysis {
  const q = question.toLowerCase().replace(/[’‘]/g, "'").trim();
  const { type, dimension } = typeOf(q);
  const counted = type === 'count' || type === 'quantity' ? countedNoun(question) : undefined;
  const measured = /\bhow (\w+)\b/.exec(q)?.[1];
  const wh = new Set([...(measured ? [measured] : []), ...(TYPE_WORDS[type] ?? []), ...(type === 'place' ? PLACE_VERBS : []), ...HEDGES]);
  const focus = [...new Set(contentLemmas(question))].filter((lemma) => (!wh.has(lemma) || lemma === counted) && /\p{L}{2}|\p{N}/u.test(lemma));
  return { type, focus, ...(counted ? { counted } : {}), ...(dimension ? { dimension } : {}) };
}
