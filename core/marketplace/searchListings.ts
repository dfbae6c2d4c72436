import { sql } from 'kysely';
import { MARKETPLACE_SPLIT } from '../../schema/marketplace/listingLimits';
import type { Db } from '../db/createDb';
import { anyWordQuery } from '../fullTextSearch/anyWordQuery';
import { wordFamilyQuery } from '../fullTextSearch/wordFamilies';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { listingSearchable } from './listingSearchText';
import { listingView } from './listingView';

/** The least cosine similarity for a listing found by meaning alone (the local model; unrelated pairs sit below 0.15). */
export const LISTING_MEANING_THRESHOLD = 0.3;

/** A listing's words: title and tool (weight A) above the description (B). */
const DOCUMENT = sql`setweight(to_tsvector('english', title || ' ' || regexp_replace(tool, '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('english', description), 'B')`;

export interface ListingSearch {
  readonly q: string;
  readonly tool?: string;
  readonly agentId?: string;
  readonly limit: number;
  readonly offset: number;
  readonly queryVector: QueryVector | null;
}

/**
 * Listings for words, hybrid: full text over title, tool and description (English stemming and word families, any word), ranked by
 * ts_rank_cd, fused by reciprocal rank with the listings nearest in meaning (when the query could be embedded); a
 * title equal to the query first. A listing not embedded yet is found by its words.
 */
export async function searchListings(db: Db, input: ListingSearch) {
  const families = wordFamilyQuery(input.q);
  const anyWord = sql`to_tsquery('english', ${anyWordQuery(input.q) ?? ''})`;
  const words = families ? sql`(${anyWord} || ${families})` : anyWord;
  const meaning = meaningSide(listingSearchable.collection, { item: sql`listing_id`, stamp: sql`created_at` }, input.queryVector);
  const rank = async (trx: Db) => {
    let candidates = trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('listings')
      .select('listing_id as id')
      .select(sql<number>`case when ${DOCUMENT} @@ ${words} then ts_rank_cd(${DOCUMENT}, ${words}) else 0 end`.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(sql<boolean>`lower(title) = lower(${input.q.trim()})`.as('exact'))
      .where(sql<boolean>`(${DOCUMENT} @@ ${words} or lower(title) = lower(${input.q.trim()}) or ${meaning.near})`);
    if (input.tool) candidates = candidates.where('tool', '=', input.tool.replace(/^\//, ''));
    if (input.agentId) candidates = candidates.where('agent_id', '=', input.agentId);
    return candidates.execute();
  };
  const found = input.queryVector ? await withNearestScan(db, rank) : await rank(db);
  const ranked = hybridRanking(found, {
    threshold: LISTING_MEANING_THRESHOLD,
    byMeaning: input.queryVector !== null,
    limit: input.offset + input.limit,
  }).slice(input.offset);
  const rows = ranked.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('listings')
        .selectAll()
        .where(
          'listing_id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.listing_id, r]));
  const listings = ranked.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row ? [{ ...listingView(row), score: round(r.score), similarity: r.similarity === null ? null : round(r.similarity) }] : [];
  });
  return { listings, count: listings.length, fee: MARKETPLACE_SPLIT, by_meaning: input.queryVector !== null };
}

const round = (x: number) => Number(Number(x).toFixed(6));
