import { contentLemmas } from '../tools/nlp/contentLemmas';
import { readDoc, sentencesOf, tokensOf } from '../tools/nlp/nlp';
import { rankPhrases } from '../tools/nlp/phrases';
import { paragraphSpans } from '../tools/nlp/sentenceSpans';
import { rankSentences } from '../text/summarize';
import { cosine, idfOf, tfidfVector } from '../tools/nlp/tfidf';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /outline, derived from its registry entry (schema/documents/documentTools.ts). */
export type OutlineInput = ToolArguments<typeof documentTools, 'outline'>;

export interface OutlineNode {
  heading: string;
  level: number;
  points: string[];
  children: OutlineNode[];
}

export interface OutlineResult {
  title: string;
  outline: OutlineNode[];
  markdown: string;
  /** Whether the headings are the author's or derived from paragraphs and topic shifts. */
  structure: 'headings' | 'paragraphs' | 'topic-shifts';
}

interface Section {
  heading?: string;
  level: number;
  body: string[];
}

/** A line that heads what follows: Markdown, numbered ("2.1 Pricing"), underlined, or a short title-like line. */
function headingOf(line: string, next: string | undefined): { text: string; level: number } | undefined {
  const trimmed = line.trim();
  const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(trimmed);
  if (md) return { text: md[2]!, level: md[1]!.length };
  if (next && /^\s*(=+|-+)\s*$/.test(next) && trimmed) return { text: trimmed, level: next.trim().startsWith('=') ? 1 : 2 };
  const numbered = /^(\d+(?:\.\d+)*)[.)]?\s+(.{2,80})$/.exec(trimmed);
  if (numbered && !/[.!?]$/.test(numbered[2]!) && numbered[2]!.split(/\s+/).length <= 10)
    return { text: numbered[2]!, level: numbered[1]!.split('.').filter(Boolean).length };
  const words = trimmed.split(/\s+/);
  const titleLike = /^[\p{Lu}\d]/u.test(trimmed) && !/[.!?,;]$/.test(trimmed) && words.length <= 8 && trimmed.length <= 60;
  if (titleLike && next !== undefined && next.trim() !== '' && !/^[-*•]\s/.test(trimmed)) return { text: trimmed.replace(/:$/, ''), level: 2 };
  return undefined;
}

function sectionsFromHeadings(text: string): Section[] {
  const lines = text.split(/\r?\n/);
  const sections: Section[] = [];
  let current: Section = { level: 0, body: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(=+|-+)\s*$/.test(line) && sections.length && !current.body.length) continue;
    const heading = headingOf(line, lines[i + 1]);
    if (heading) {
      if (current.heading || current.body.some((b) => b.trim())) sections.push(current);
      current = { heading: heading.text, level: heading.level, body: [] };
    } else current.body.push(line);
  }
  if (current.heading || current.body.some((b) => b.trim())) sections.push(current);
  return sections;
}

const WINDOW = 2;

/**
 * TextTiling (Hearst, 1997), small: compare the sentences before and after each gap (two each side), score each
 * gap by how deep a valley of similarity it sits in, and cut at the deep ones.
 */
function topicShifts(sentences: string[]): string[][] {
  if (sentences.length < 6) return [sentences];
  const terms = sentences.map(contentLemmas);
  const idf = idfOf(terms);
  const block = (from: number, to: number) => tfidfVector(terms.slice(Math.max(0, from), Math.min(terms.length, to)).flat(), idf);
  const gaps = sentences.slice(1).map((_, i) => cosine(block(i + 1 - WINDOW, i + 1), block(i + 1, i + 1 + WINDOW)));
  const depth = gaps.map((g, i) => Math.max(...gaps.slice(0, i + 1)) - g + Math.max(...gaps.slice(i)) - g);
  const mean = depth.reduce((s, d) => s + d, 0) / depth.length;
  const sd = Math.sqrt(depth.reduce((s, d) => s + (d - mean) ** 2, 0) / depth.length);
  const groups: string[][] = [[sentences[0]!]];
  depth.forEach((d, i) => {
    const valley = d >= (depth[i - 1] ?? 0) && d >= (depth[i + 1] ?? 0);
    const longEnough = groups[groups.length - 1]!.length >= 2 && sentences.length - (i + 1) >= 2;
    if (valley && d > 0 && d >= mean + sd / 2 && longEnough) groups.push([]);
    groups[groups.length - 1]!.push(sentences[i + 1]!);
  });
  return groups;
}

const titleCase = (s: string) => s.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());

/**
 * A section's heading: among its RAKE key phrases, the one whose words the section repeats most ("solar panels"
 * over "release electrons"); RAKE's own score breaks ties.
 */
function topicOf(text: string): string {
  const frequency = new Map<string, number>();
  for (const lemma of contentLemmas(text)) frequency.set(lemma, (frequency.get(lemma) ?? 0) + 1);
  const [top] = rankPhrases(tokensOf(readDoc(text)))
    .slice(0, 10)
    .map((p) => ({ p, weight: contentLemmas(p.phrase).reduce((s, l) => s + (frequency.get(l) ?? 0), 0) }))
    .sort((a, b) => b.weight - a.weight || b.p.score - a.p.score);
  return top ? titleCase(top.p.phrase) : text.split(/\s+/).slice(0, 5).join(' ') || 'Untitled';
}

/** Listed items are the author's own points; otherwise the best TextRank sentences, in the author's order. */
function pointsOf(body: string, max: number): string[] {
  const bullets = body
    .split(/\r?\n/)
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/.exec(l)?.[1]?.trim())
    .filter((b): b is string => !!b);
  if (bullets.length) return bullets.slice(0, Math.max(max, bullets.length));
  const sentences = sentencesOf(readDoc(body.replace(/\s*\n\s*/g, ' ')))
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length <= max) return sentences;
  const rank = rankSentences(sentences);
  return sentences
    .map((s, i) => ({ s, i, r: rank[i]! }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
}

/** Hierarchical outline: the author's headings when there are any, else paragraphs, else topic shifts; key sentences under each. */
export function outline(input: OutlineInput): OutlineResult {
  const maxDepth = input.max_depth ?? 3;
  const maxPoints = input.max_points ?? 3;
  let sections = sectionsFromHeadings(input.text).filter((s) => s.heading);
  let structure: OutlineResult['structure'] = 'headings';
  let title: string | undefined;
  if (sections.length) {
    const preamble = sectionsFromHeadings(input.text).find((s) => !s.heading);
    if (preamble) sections.unshift({ heading: topicOf(preamble.body.join('\n')), level: Math.min(...sections.map((s) => s.level)), body: preamble.body });
    const top = sections.filter((s) => s.level === 1);
    if (top.length === 1 && sections[0] === top[0]) title = top[0]!.heading;
  } else {
    const paragraphs = paragraphSpans(input.text).map((p) => p.text);
    structure = paragraphs.length > 1 ? 'paragraphs' : 'topic-shifts';
    const groups =
      paragraphs.length > 1
        ? paragraphs
        : topicShifts(
            sentencesOf(readDoc(input.text))
              .map((s) => s.trim())
              .filter(Boolean),
          ).map((g) => g.join(' '));
    sections = groups.map((body) => ({ heading: topicOf(body), level: 2, body: [body] }));
  }
  title ??= topicOf(input.text);

  const roots: OutlineNode[] = [];
  const stack: OutlineNode[] = [];
  for (const section of sections) {
    if (section.level > maxDepth) {
      // Deeper than asked: its points join the nearest heading that is kept.
      stack[stack.length - 1]?.points.push(...pointsOf(section.body.join('\n'), 1));
      continue;
    }
    const node: OutlineNode = { heading: section.heading!, level: section.level, points: pointsOf(section.body.join('\n'), maxPoints), children: [] };
    if (title && section.heading === title && section.level === 1) {
      roots.push(node);
      stack.length = 0;
      stack.push(node);
      continue;
    }
    while (stack.length && stack[stack.length - 1]!.level >= node.level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return { title, outline: roots, markdown: toMarkdown(roots), structure };
}

function toMarkdown(nodes: OutlineNode[], depth = 0): string {
  return nodes
    .map((n) => {
      const indent = '  '.repeat(depth);
      const points = n.points.map((p) => `${indent}  - ${p}`).join('\n');
      return [`${indent}- **${n.heading}**`, points, toMarkdown(n.children, depth + 1)].filter(Boolean).join('\n');
    })
    .join('\n');
}
