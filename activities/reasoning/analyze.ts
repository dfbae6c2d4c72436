import { extractKeywords } from '../text/keywords';
import { readabilityOf } from '../tools/nlp/nlp';
import { analyzeSentiment } from '../text/sentiment';
import { summarize } from '../text/summarize';
import type { reasoningTools } from '../../schema/reasoning/reasoningTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /analyze, derived from its registry entry (schema/reasoning/reasoningTools.ts). */
export type AnalyzeInput = ToolArguments<typeof reasoningTools, 'analyze'>;

export interface Insight {
  insight: string;
  evidence?: string;
}

export interface AnalyzeResult {
  summary: string;
  key_points: string[];
  sentiment: { polarity: 'positive' | 'negative' | 'neutral' | 'mixed'; score: number };
  topics: string[];
  insights: Insight[];
  statistics: Record<string, unknown>;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * /analyze offline: the other classic methods put together (TextRank key points, VADER sentiment, RAKE topics,
 * Flesch reading ease) plus column statistics of JSON data. Its insights are the observations those figures
 * support, each with the figure as evidence; it does not guess beyond them.
 */
export function analyze(input: AnalyzeInput): AnalyzeResult {
  const text = input.text ?? '';
  const data = input.data === undefined ? undefined : describeData(input.data);
  const textPart = text.trim() ? describeText(text) : undefined;
  const summary = [textPart?.summary, data?.summary].filter(Boolean).join(' ');
  return {
    summary,
    key_points: [...(textPart?.key_points ?? []), ...(data?.key_points ?? [])],
    sentiment: textPart?.sentiment ?? { polarity: 'neutral', score: 0 },
    topics: textPart?.topics ?? data?.topics ?? [],
    insights: [...(textPart?.insights ?? []), ...(data?.insights ?? [])],
    statistics: { ...(textPart ? { text: textPart.statistics } : {}), ...(data ? { data: data.statistics } : {}) },
  };
}

function describeText(text: string) {
  const sentiment = analyzeSentiment(text);
  const keywords = extractKeywords(text, 8);
  const points = summarize(text, 'bullets', 3);
  const short = summarize(text, 'short');
  const stats = readabilityOf(text);
  const insights: Insight[] = [];
  const tone = sentiment.polarity === 'mixed' ? 'mixed: praise and complaint both' : sentiment.polarity;
  insights.push({ insight: `The overall tone is ${tone}.`, evidence: `lexicon score ${sentiment.score} (VADER and AFINN, clause by clause)` });
  const positive = sentiment.sentences.filter((s) => s.score >= 0.3).sort((a, b) => b.score - a.score)[0];
  const negative = sentiment.sentences.filter((s) => s.score <= -0.3).sort((a, b) => a.score - b.score)[0];
  if (positive && negative) insights.push({ insight: 'Praise and complaints sit side by side.', evidence: `"${positive.text}" / "${negative.text}"` });
  else if (negative) insights.push({ insight: 'The most negative point deserves attention.', evidence: negative.text });
  const top = keywords.keywords[0];
  if (top) insights.push({ insight: `The text is mostly about ${top.keyword}.`, evidence: `highest-ranked key phrase (RAKE score ${top.score})` });
  const figures = text.match(/[-+]?\d+(?:[.,]\d+)?\s?%/g);
  if (figures?.length) insights.push({ insight: 'It quantifies its claims with percentages.', evidence: figures.join(', ') });
  insights.push({ insight: `It reads as ${readingBand(stats.fres)}.`, evidence: `Flesch reading ease ${round(stats.fres, 1)}` });
  return {
    summary: short.summary,
    key_points: points.bullets ?? [points.summary],
    sentiment: { polarity: sentiment.polarity, score: sentiment.score },
    topics: keywords.topics.length > 0 ? keywords.topics : keywords.keywords.slice(0, 5).map((k) => k.keyword),
    insights,
    statistics: {
      characters: text.length,
      words: stats.numOfWords,
      sentences: stats.numOfSentences,
      flesch_reading_ease: round(stats.fres, 1),
      emotions: sentiment.emotions,
    },
  };
}

function readingBand(fres: number): string {
  if (fres >= 80) return 'easy reading';
  if (fres >= 60) return 'plain English';
  if (fres >= 30) return 'fairly difficult';
  return 'difficult, specialist reading';
}

interface ColumnStats {
  readonly type: 'number' | 'text' | 'boolean' | 'mixed';
  readonly present: number;
  readonly min?: number;
  readonly max?: number;
  readonly mean?: number;
  readonly distinct?: number;
  readonly top?: { value: string; count: number };
}

/** Records (an array of objects, or an object of arrays/values) described column by column. */
function describeData(data: unknown) {
  const records = recordsOf(data);
  const columns = new Map<string, unknown[]>();
  for (const record of records) for (const [key, value] of Object.entries(record)) (columns.get(key) ?? columns.set(key, []).get(key)!).push(value);
  const stats: Record<string, ColumnStats> = Object.fromEntries([...columns].map(([name, values]) => [name, columnStats(values)]));
  // A text column with a different value in every record names the records ("Jan", "Feb" …).
  const label = [...columns.keys()].find((name) => stats[name]!.type === 'text' && stats[name]!.distinct === records.length && records.length > 1);
  const insights: Insight[] = [];
  for (const [name, values] of columns) {
    const column = stats[name]!;
    if (column.type === 'number' && column.min !== undefined && column.max !== undefined && column.mean !== undefined) {
      insights.push({ insight: `${name} ranges from ${column.min} to ${column.max}, averaging ${column.mean}.`, evidence: `${column.present} values` });
      if (label && column.min !== column.max) {
        const at = (value: number) => String(records.find((record) => record[name] === value)?.[label]);
        insights.push({ insight: `${name} is highest for ${at(column.max)} and lowest for ${at(column.min)}.`, evidence: `${column.max} and ${column.min}` });
      }
    }
    if (column.top && column.top.count > 1 && column.distinct !== undefined && column.distinct < values.length) {
      insights.push({ insight: `The most common ${name} is "${column.top.value}".`, evidence: `${column.top.count} of ${column.present} records` });
    }
    if (column.present < records.length)
      insights.push({ insight: `${name} is missing in some records.`, evidence: `${records.length - column.present} of ${records.length}` });
  }
  const fields = [...columns.keys()];
  return {
    summary: `${records.length} record${records.length === 1 ? '' : 's'} with ${fields.length} field${fields.length === 1 ? '' : 's'}${fields.length ? `: ${fields.join(', ')}` : ''}.`,
    key_points: insights.slice(0, 5).map((i) => i.insight),
    topics: fields,
    insights,
    statistics: { records: records.length, fields: stats },
  };
}

function recordsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data))
    return data.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item }));
  if (data !== null && typeof data === 'object') {
    const entries = Object.entries(data as Record<string, unknown>);
    // A table given by column: {"month": [...], "sales": [...]}.
    if (entries.length > 0 && entries.every(([, v]) => Array.isArray(v))) {
      const rows = Math.max(...entries.map(([, v]) => (v as unknown[]).length));
      return Array.from({ length: rows }, (_, i) => Object.fromEntries(entries.map(([k, v]) => [k, (v as unknown[])[i]]).filter(([, v]) => v !== undefined)));
    }
    return [data as Record<string, unknown>];
  }
  return [{ value: data }];
}

function columnStats(values: readonly unknown[]): ColumnStats {
  const present = values.filter((v) => v !== null && v !== undefined);
  const numbers = present.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length > 0 && numbers.length === present.length) {
    const sum = numbers.reduce((a, b) => a + b, 0);
    return { type: 'number', present: present.length, min: Math.min(...numbers), max: Math.max(...numbers), mean: round(sum / numbers.length) };
  }
  const counts = new Map<string, number>();
  for (const v of present)
    counts.set(typeof v === 'object' ? JSON.stringify(v) : String(v), (counts.get(typeof v === 'object' ? JSON.stringify(v) : String(v)) ?? 0) + 1);
  const [value, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const type = present.every((v) => typeof v === 'boolean') ? 'boolean' : present.every((v) => typeof v === 'string') ? 'text' : 'mixed';
  return { type, present: present.length, distinct: counts.size, ...(count > 0 ? { top: { value, count } } : {}) };
}
