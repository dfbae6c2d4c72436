import { distance } from 'fastest-levenshtein';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/createDb';
import { wordsOf } from './wordFamilies';

/** Shorter words are too often one letter from another real word ("form", "from") to be read as typos. */
const MIN_TYPO_LENGTH = 5;

/** How far a typo may be from the word meant: one edit in a short word, two in a longer one (a swap counts two). */
const allowedEdits = (word: string) => (word.length >= 6 ? 2 : 1);

/** The lengths of the words a query's typos may stand for, for reading only those from the collection. */
export function respellingLengths(query: string): { min: number; max: number } | null {
  const long = wordsOf(query).filter((w) => w.length >= MIN_TYPO_LENGTH);
  if (!long.length) return null;
  return { min: Math.min(...long.map((w) => w.length - allowedEdits(w))), max: Math.max(...long.map((w) => w.length + allowedEdits(w))) };
}

/**
 * The query with each word the collection does not hold read as the collection's nearest word or words (fewest
 * edits, same first letter: people rarely mistype the first), or null when no word changed: "refnud" is "refund",
 * "brodband" "broadband". Only for words of five letters and more.
 */
export function respelled(query: string, vocabulary: ReadonlySet<string>): string | null {
  let changed = false;
  const words = wordsOf(query).map((word) => {
    if (word.length < MIN_TYPO_LENGTH || vocabulary.has(word)) return word;
    let best = allowedEdits(word) + 1;
    let nearest: string[] = [];
    for (const known of vocabulary) {
      if (known[0] !== word[0] || Math.abs(known.length - word.length) >= best) continue;
      const d = distance(word, known);
      if (d < best) [best, nearest] = [d, [known]];
      else if (d === best) nearest.push(known);
    }
    if (!nearest.length) return word;
    changed = true;
    return nearest.sort().join(' ');
  });
  return changed ? words.join(' ') : null;
}

/**
 * The most texts read for a vocabulary: a query that matches no word is common (a question in other words, found by
 * meaning), and an agent's memory or a knowledge base may hold 100,000 entries; a bounded read keeps that path's cost
 * flat, at the price of respelling from part of a very large collection.
 */
const VOCABULARY_TEXTS = 5_000;

/**
 * The distinct lower-case words of the texts a subquery selects (as a column named `text`; at most VOCABULARY_TEXTS
 * of them), of the lengths given: a collection's vocabulary for respelling a query, read only when its words matched
 * nothing.
 */
export async function vocabularyOf(db: Db, texts: RawBuilder<unknown>, lengths: { min: number; max: number }): Promise<Set<string>> {
  const { rows } = await sql<{ word: string }>`select distinct word from (${texts} limit ${VOCABULARY_TEXTS}) as t,
    regexp_split_to_table(lower(t.text), '[^[:alnum:]]+') as word where length(word) between ${lengths.min} and ${lengths.max}`.execute(db);
  return new Set(rows.map((r) => r.word));
}

/**
 * A search run on the query's words and, when none of them matched anything, once more on the query respelled from
 * the collection's own words: a mistyped word ("invocie") finds what it was meant to, where meaning alone (the
 * local model reads a typo poorly) found nothing. A query that matched by words, or has no word to respell, runs once.
 */
export async function withRespelling<C extends { readonly rank: number; readonly exact: boolean }>(
  query: string,
  search: (text: string) => Promise<C[]>,
  vocabulary: (lengths: { min: number; max: number }) => Promise<ReadonlySet<string>>,
): Promise<C[]> {
  const found = await search(query);
  if (found.some((c) => c.rank > 0 || c.exact)) return found;
  const lengths = respellingLengths(query);
  const again = lengths ? respelled(query, await vocabulary(lengths)) : null;
  return again ? search(again) : found;
}
