import { nlp, tokenSpans } from '../tools/nlp/nlp';

/** A word used in place of the one it sounds like, or a verb that does not agree with its subject, with the fix. */
export interface ConfusedWord {
  readonly rule: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly original: string;
  readonly replacement: string;
}

interface Word {
  readonly text: string;
  readonly lower: string;
  readonly lemma: string;
  readonly pos: string;
  readonly start: number;
  readonly end: number;
}

function wordsOf(text: string): Word[] {
  const its = nlp().its;
  return tokenSpans(text).map(({ token, text: value, start, end }) => ({
    text: value,
    lower: value.toLowerCase().replace(/’/g, "'"),
    lemma: (token.out(its.lemma as never) as string).toLowerCase(),
    pos: token.out(its.pos) as string,
    start,
    end,
  }));
}

/** The replacement written with the original's capital, if it had one. */
const cased = (original: string, replacement: string) => (/^\p{Lu}/u.test(original) ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement);

const NOUNISH = new Set(['NOUN', 'PROPN']);
const MODIFIES = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const COMPARATIVE = /^(?:more|less|fewer|rather|other|better|worse|further|farther|\w{3,}er)$/;
const SUBJECTS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);
const PLURAL_SUBJECTS = new Set(['we', 'you', 'they']);
const SINGULAR_SUBJECTS = new Set(['he', 'she', 'it']);
const PREPOSITIONS = new Set(['for', 'of', 'with', 'to', 'in', 'on', 'at', 'from', 'by', 'about', 'into', 'like']);
const MODALS = new Set(['will', "'ll", 'would', "'d", 'can', 'could', 'should', 'must', 'might', 'may', 'to', "n't", 'not', 'never']);
// Nouns that follow "it's" as a predicate, not as what "its" would own ("it's time", "it's fine").
const AFTER_ITS_IS = new Set(['time', 'okay', 'ok', 'fine', 'true', 'possible', 'worth', 'nothing', 'everything', 'something', 'all']);

// Verbs that take a clause ("said they're happy"): after them "your"/"their" may be "you're"/"they're".
const REPORTING = new Set([
  'say',
  'said',
  'says',
  'think',
  'thought',
  'know',
  'knew',
  'hope',
  'feel',
  'felt',
  'believe',
  'guess',
  'mean',
  'sure',
  'tell',
  'told',
]);
/** "share your address", "on their own": after a verb or a preposition, or before "own", a possessive is one. */
const ownedAfter = (before: Word | undefined, next: Word) =>
  next.lower === 'own' || (!!before && (before.pos === 'ADP' || (before.pos === 'VERB' && !REPORTING.has(before.lower))));

type Rule = (w: Word[], i: number) => { rule: string; message: string; replacement: string; end?: number } | undefined;

/**
 * Rules over wink-nlp's parts of speech for the confusions a spelling checker cannot see, each word being a real
 * word: your/you're, their/they're/there, its/it's, then/than, loose/lose, to/too, are/our, who's/whose, and verbs that
 * do not agree with a pronoun or plural subject ("they hasn't", "the designers has", "there is three reasons").
 */
const RULES: readonly Rule[] = [
  (w, i) => {
    const [before, a, b, c] = [w[i - 1], w[i]!, w[i + 1], w[i + 2]];
    if (a.lower !== 'your' || !b || ownedAfter(before, b)) return undefined;
    const predicate = (b.pos === 'ADJ' || b.pos === 'VERB') && !(c && MODIFIES.has(c.pos)) && !NOUNISH.has(b.pos);
    if (predicate || b.pos === 'ADV' || b.pos === 'DET')
      return { rule: 'your-youre', message: '"your" owns something; "you\'re" is "you are".', replacement: "you're" };
    return undefined;
  },
  (w, i) => {
    const [a, b, c, d] = [w[i]!, w[i + 1], w[i + 2], w[i + 3]];
    if (a.lower !== 'you' || b?.lower !== "'re" || !c) return undefined;
    if (NOUNISH.has(c.pos) || ((c.pos === 'VERB' || c.pos === 'NOUN') && d && (d.pos === 'AUX' || d.pos === 'VERB')))
      return { rule: 'youre-your', message: '"you\'re" is "you are"; before a noun it is "your".', replacement: 'your', end: b.end };
    return undefined;
  },
  (w, i) => {
    const [before, a, b, c] = [w[i - 1], w[i]!, w[i + 1], w[i + 2]];
    if (a.lower !== 'their' || !b || ownedAfter(before, b)) return undefined;
    if (((b.pos === 'ADJ' || b.pos === 'VERB') && !(c && MODIFIES.has(c.pos))) || b.pos === 'ADV' || b.pos === 'DET')
      return { rule: 'their-theyre', message: '"their" owns something; "they\'re" is "they are".', replacement: "they're" };
    return undefined;
  },
  (w, i) => {
    const [a, b, c] = [w[i]!, w[i + 1], w[i + 2]];
    if (a.lower !== 'there' || !b) return undefined;
    const owned = NOUNISH.has(b.pos) || (b.pos === 'ADJ' && c && NOUNISH.has(c.pos));
    if (owned && b.pos !== 'PROPN') return { rule: 'there-their', message: '"there" is a place; before a noun it is "their".', replacement: 'their' };
    return undefined;
  },
  (w, i) => {
    const [a, b] = [w[i]!, w[i + 1]];
    if (a.lower !== 'its' || !b) return undefined;
    if (['AUX', 'VERB', 'ADV', 'DET', 'ADP'].includes(b.pos) && b.lower !== 'own')
      return { rule: 'its-its', message: '"its" owns something; "it\'s" is "it is" or "it has".', replacement: "it's" };
    return undefined;
  },
  (w, i) => {
    const [a, b, c, d] = [w[i]!, w[i + 1], w[i + 2], w[i + 3]];
    if (a.lower !== 'it' || b?.lower !== "'s" || !c || c.pos !== 'NOUN' || AFTER_ITS_IS.has(c.lower)) return undefined;
    if (d && (d.pos === 'VERB' || d.lower === 'to')) return undefined;
    return { rule: 'its-its', message: '"it\'s" is "it is"; before a noun it owns, it is "its".', replacement: 'its', end: b.end };
  },
  (w, i) => {
    const a = w[i]!;
    if (a.lower !== 'then') return undefined;
    for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
      const before = w[k]!;
      if (before.pos === 'PUNCT' || before.pos === 'VERB') break;
      if (COMPARATIVE.test(before.lower) && (before.pos === 'ADJ' || before.pos === 'ADV' || /^(?:more|less|fewer|rather|other)$/.test(before.lower)))
        return { rule: 'then-than', message: 'A comparison takes "than"; "then" is about time.', replacement: 'than' };
    }
    return undefined;
  },
  (w, i) => {
    const [before, a, b] = [w[i - 1], w[i]!, w[i + 1]];
    if (a.lower !== 'loose' || !before || !b) return undefined;
    const asVerb = MODALS.has(before.lower) || SUBJECTS.has(before.lower) || before.pos === 'AUX';
    if (asVerb && ['DET', 'PRON', 'NOUN', 'PROPN'].includes(b.pos))
      return { rule: 'loose-lose', message: '"loose" means not tight; to mislay is "lose".', replacement: 'lose' };
    return undefined;
  },
  (w, i) => {
    const [before, a, b, c] = [w[i - 1], w[i]!, w[i + 1], w[i + 2]];
    if (a.lower !== 'to' || !before || !b || !c) return undefined;
    if (before.pos === 'AUX' && (b.pos === 'ADJ' || b.pos === 'ADV') && !MODIFIES.has(c.pos))
      return { rule: 'to-too', message: 'Before an adjective, "too" means excessively.', replacement: 'too' };
    return undefined;
  },
  (w, i) => {
    const [before, a] = [w[i - 1], w[i]!];
    if (a.lower !== 'are' || !before || !(PREPOSITIONS.has(before.lower) || before.pos === 'VERB')) return undefined;
    // After a preposition "are" cannot be the verb ("for are team"), whatever the tagger makes of the next word.
    const next = w[i + 1];
    if (PREPOSITIONS.has(before.lower) && next && ['NOUN', 'VERB', 'ADJ', 'PROPN'].includes(next.pos))
      return { rule: 'are-our', message: 'Before a noun it belongs to, "are" is "our".', replacement: 'our' };
    for (const next of w.slice(i + 1, i + 4)) {
      if (next.pos === 'NOUN') return { rule: 'are-our', message: 'Before a noun it belongs to, "are" is "our".', replacement: 'our' };
      if (!['ADJ', 'VERB', 'NOUN'].includes(next.pos)) break;
    }
    return undefined;
  },
  (w, i) => {
    const [a, b, c, d] = [w[i]!, w[i + 1], w[i + 2], w[i + 3]];
    if (a.lower !== 'who' || b?.lower !== "'s" || !c || c.pos !== 'NOUN' || !d || (d.pos !== 'AUX' && d.pos !== 'VERB')) return undefined;
    return { rule: 'whos-whose', message: '"who\'s" is "who is"; the owner is "whose".', replacement: 'whose', end: b.end };
  },
  (w, i) => {
    const [subject, verb, next] = [w[i]!, w[i + 1], w[i + 2]];
    if (!verb) return undefined;
    const negated = next?.lower === "n't";
    const suffix = negated ? "n't" : '';
    const end = negated ? next.end : verb.end;
    if (PLURAL_SUBJECTS.has(subject.lower) && verb.lower === 'was')
      return { rule: 'subject-verb', message: `"${subject.text}" takes "were".`, replacement: 'were', end };
    if ((PLURAL_SUBJECTS.has(subject.lower) || subject.lower === 'i') && verb.lower === 'has')
      return { rule: 'subject-verb', message: `"${subject.text}" takes "have".`, replacement: `have${suffix}`, end };
    if (SINGULAR_SUBJECTS.has(subject.lower) && verb.lower === 'have' && !negated)
      return { rule: 'subject-verb', message: `"${subject.text}" takes "has".`, replacement: 'has', end };
    // "the designers has": a plural noun (one wink lemmatises to another form) right before "has".
    if (subject.pos === 'NOUN' && subject.lemma !== subject.lower && /s$/.test(subject.lower) && verb.lower === 'has' && w[i - 1]?.pos === 'DET')
      return { rule: 'subject-verb', message: 'A plural subject takes "have".', replacement: `have${suffix}`, end };
    return undefined;
  },
  (w, i) => {
    const [there, verb, amount, noun] = [w[i]!, w[i + 1], w[i + 2], w[i + 3]];
    if (there.lower !== 'there' || !verb || !amount || !(verb.lower === 'is' || verb.lower === 'was')) return undefined;
    const many = (amount.pos === 'NUM' && !/^(?:one|1)$/.test(amount.lower)) || /^(?:many|several|few|two|three|four|five)$/.test(amount.lower);
    if (many && noun?.pos === 'NOUN')
      return { rule: 'there-is-are', message: 'A plural after "there" takes a plural verb.', replacement: verb.lower === 'is' ? 'are' : 'were', end: verb.end };
    return undefined;
  },
];

/** The confusions RULES find, with the offsets of the words to replace. */
export function confusedWordsIn(text: string): ConfusedWord[] {
  const words = wordsOf(text).filter((w) => w.pos !== 'SPACE');
  const found: ConfusedWord[] = [];
  words.forEach((word, i) => {
    for (const rule of RULES) {
      const hit = rule(words, i);
      if (!hit) continue;
      // A rule on a subject and its verb replaces the verb; the others the word they start at.
      const start = hit.rule === 'subject-verb' || hit.rule === 'there-is-are' ? words[i + 1]!.start : word.start;
      const end = hit.end ?? word.end;
      const original = text.slice(start, end);
      found.push({ rule: hit.rule, message: hit.message, start, end, original, replacement: cased(original, hit.replacement) });
      break;
    }
  });
  return found;
}
