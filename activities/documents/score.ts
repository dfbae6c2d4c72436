import vader from 'vader-sentiment';
import { contentLemmas } from '../tools/nlp/contentLemmas';
import { readabilityOf } from '../tools/nlp/nlp';
import { proofread } from '../classification/proofread';
import { paragraphSpans, sentenceSpans } from '../tools/nlp/sentenceSpans';
import { conceptsOf } from '../tools/nlp/textConcepts';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type CriterionSpec = NonNullable<ScoreInput['rubric']>[number];

/** The input of /score, derived from its registry entry (schema/documents/documentTools.ts). */
export type ScoreInput = ToolArguments<typeof documentTools, 'score'>;

export type Feature = 'readability' | 'concision' | 'length' | 'structure' | 'positivity' | 'negativity' | 'correctness' | 'coverage';

export interface CriterionScore {
  criterion: string;
  /** 0–10. */
  score: number;
  weight: number;
  feature: Feature;
  evidence: string[];
}

export interface ScoreResult {
  /** Weighted mean of the criteria, 0–100. */
  overall: number;
  scores: CriterionScore[];
  features: {
    words: number;
    sentences: number;
    paragraphs: number;
    headings: number;
    list_items: number;
    flesch_reading_ease: number;
    sentiment: number;
    avg_sentence_words: number;
  };
}

const DEFAULT_RUBRIC: CriterionSpec[] = ['clarity', 'structure', 'correctness', 'detail'];

// Which measurable feature a criterion's words ask about; anything else is judged by how much the text covers its words.
const FEATURE_WORDS: [Feature, RegExp][] = [
  ['concision', /\b(concise|concision|brevity|brief|succinct|wordiness)\b/i],
  ['readability', /\b(clarity|clear|readab\w*|simple|simplicity|plain|understandable|accessible)\b/i],
  ['length', /\b(length|detail\w*|thorough\w*|depth|comprehensive\w*|complete\w*|elaborat\w*)\b/i],
  ['structure', /\b(structure\w*|organi[sz]\w*|format\w*|layout|flow)\b/i],
  ['negativity', /\b(negativ\w*|critical|critic\w*|harsh\w*|pessimis\w*)\b/i],
  ['positivity', /\b(positiv\w*|optimis\w*|enthusias\w*|friendl\w*|warm\w*|upbeat|sentiment|tone|satisf\w*|praise)\b/i],
  ['correctness', /\b(grammar|grammatical|spelling|correct\w*|error\w*|mechanics|proofread\w*|typos?)\b/i],
];

const clamp10 = (n: number) => Math.round(Math.max(0, Math.min(10, n)) * 10) / 10;
const scale = (value: number, low: number, high: number) => clamp10(((value - low) / (high - low)) * 10);

function toCriterion(spec: CriterionSpec) {
  if (typeof spec === 'string') return { name: spec, description: '', weight: 1, keywords: [] as string[] };
  return { name: spec.name ?? spec.criterion ?? 'criterion', description: spec.description ?? '', weight: spec.weight ?? 1, keywords: spec.keywords ?? [] };
}

/**
 * Rubric scoring from measurable features: Flesch reading ease for clarity, sentence length for concision, word
 * count against a target for detail, paragraphs, headings and lists for structure, VADER for tone, retext issues
 * per hundred words for correctness, and WordNet-aware coverage of the criterion's own words for anything else.
 */
export async function scoreText(input: ScoreInput): Promise<ScoreResult> {
  const { text } = input;
  const stats = readabilityOf(text);
  const sentences = sentenceSpans(text);
  const paragraphs = paragraphSpans(text);
  const headings = text.split(/\n/).filter((l) => /^\s*(#{1,6}\s|\d+(\.\d+)*\s+\p{Lu})/u.test(l)).length;
  const listItems = text.split(/\n/).filter((l) => /^\s*([-*•]|\d+[.)])\s+/.test(l)).length;
  const sentiment = vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
  const avgSentence = stats.numOfWords / Math.max(1, stats.numOfSentences);
  const features = {
    words: stats.numOfWords,
    sentences: stats.numOfSentences,
    paragraphs: paragraphs.length,
    headings,
    list_items: listItems,
    flesch_reading_ease: stats.fres,
    sentiment: Math.round(sentiment * 1000) / 1000,
    avg_sentence_words: Math.round(avgSentence * 10) / 10,
  };
  const concepts = conceptsOf(new Set(contentLemmas(text)));
  // Proofreading (Harper) is asked once, and only when a criterion is about correctness.
  const wantsCorrectness = (input.rubric?.length ? input.rubric : DEFAULT_RUBRIC)
    .map(toCriterion)
    .some((c) => FEATURE_WORDS.find(([, re]) => re.test(`${c.name} ${c.description}`))?.[0] === 'correctness');
  const proofreading = wantsCorrectness ? await proofread({ text }) : undefined;
  let proofreadScore: { score: number; evidence: string[] } | undefined;
  const byTone = (sign: 1 | -1) =>
    [...sentences]
      .sort((a, b) => sign * (vaderOf(b.text) - vaderOf(a.text)))
      .slice(0, 2)
      .map((s) => s.text);

  const scores = (input.rubric?.length ? input.rubric : DEFAULT_RUBRIC).map(toCriterion).map((c): CriterionScore => {
    const words = `${c.name} ${c.description}`;
    const feature = FEATURE_WORDS.find(([, re]) => re.test(words))?.[0] ?? 'coverage';
    const base = { criterion: c.name, weight: c.weight, feature };
    switch (feature) {
      case 'readability':
        // Flesch 30 is graduate-level prose, 80 is easy conversational English.
        return { ...base, score: scale(stats.fres, 30, 80), evidence: [`Flesch reading ease ${stats.fres}`] };
      case 'concision':
        return { ...base, score: scale(35 - avgSentence, 0, 20), evidence: [`${features.avg_sentence_words} words per sentence`] };
      case 'length': {
        const target = input.target_words ?? 300;
        return {
          ...base,
          score: clamp10((Math.min(stats.numOfWords, target) / target) * 10),
          evidence: [`${stats.numOfWords} words against a target of ${target}`],
        };
      }
      case 'structure': {
        const score =
          4 +
          (paragraphs.length >= 3 ? 2 : paragraphs.length === 2 ? 1 : 0) +
          (headings || listItems ? 2 : 0) +
          (stats.numOfWords / Math.max(1, paragraphs.length) <= 150 ? 2 : 0);
        return { ...base, score: clamp10(score), evidence: [`${paragraphs.length} paragraphs, ${headings} headings, ${listItems} list items`] };
      }
      case 'positivity':
        return { ...base, score: clamp10((sentiment + 1) * 5), evidence: byTone(1) };
      case 'negativity':
        return { ...base, score: clamp10((1 - sentiment) * 5), evidence: byTone(-1) };
      case 'correctness': {
        proofreadScore ??= (() => {
          const r = proofreading!;
          return {
            score: r.scores.correctness / 10,
            evidence: r.issues
              .filter((i) => i.severity === 'error')
              .slice(0, 5)
              .map((i) => `${i.original} (${i.type})`),
          };
        })();
        return { ...base, score: clamp10(proofreadScore.score), evidence: proofreadScore.evidence };
      }
      default: {
        const terms = [...new Set([...contentLemmas(words), ...c.keywords.flatMap(contentLemmas)])];
        const hits = terms.map((t) => concepts.get(t)).filter((hit) => !!hit);
        const coverage = terms.length ? hits.reduce((s, h) => s + h.weight, 0) / terms.length : 0;
        const sources = new Set(hits.map((h) => h.source));
        const evidence = sentences
          .filter((s) => contentLemmas(s.text).some((l) => sources.has(l)))
          .slice(0, 3)
          .map((s) => s.text);
        return { ...base, score: clamp10(coverage * 10), evidence };
      }
    }
  });
  const totalWeight = scores.reduce((s, c) => s + c.weight, 0) || 1;
  const overall = Math.round((scores.reduce((s, c) => s + c.score * c.weight, 0) / totalWeight) * 10);
  return { overall, scores, features };
}

const vaderOf = (s: string) => vader.SentimentIntensityAnalyzer.polarity_scores(s).compound;
