import { readDoc, tokensOf } from '../tools/nlp/nlp';
import { rankPhrases } from '../tools/nlp/phrases';

export interface KeywordsResult {
  keywords: { keyword: string; score: number }[];
  topics: string[];
  tags: string[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Keywords by RAKE over noun phrases; topics are the most repeated noun lemmas; tags are slugs of both. */
export function extractKeywords(text: string, max = 10): KeywordsResult {
  const tokens = tokensOf(readDoc(text));
  const ranked = rankPhrases(tokens);
  const top = ranked[0]?.score ?? 1;
  const keywords = ranked.slice(0, max).map((p) => ({ keyword: p.phrase, score: Math.round((p.score / top) * 1000) / 1000 }));

  const nounCounts = new Map<string, number>();
  for (const t of tokens)
    if (t.word && !t.stop && (t.pos === 'NOUN' || t.pos === 'PROPN') && t.lemma.length > 2) nounCounts.set(t.lemma, (nounCounts.get(t.lemma) ?? 0) + 1);
  const topics = [...nounCounts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([lemma]) => lemma);

  const tags = [...new Set([...keywords.slice(0, 6).map((k) => slug(k.keyword)), ...topics.map(slug)])].filter(Boolean).slice(0, 10);
  return { keywords, topics, tags };
}
