import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import { checkMemoryOwner } from './memoryOwner';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { anyWordQuery } from '../fullTextSearch/anyWordQuery';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSimilarity, type QueryVector } from '../searchByMeaning/searchVectorStore';
import { vocabularyOf, withRespelling } from '../fullTextSearch/respelling';
import { wordFamilyQuery } from '../fullTextSearch/wordFamilies';

export interface MemorySearch {
  readonly agentId: string;
  readonly query: string;
  readonly limit: number;
  /** Least cosine similarity for an entry found by meaning alone. */
  readonly threshold: number;
  readonly keyPrefix?: string;
  readonly tags?: readonly string[];
  readonly updatedAfter?: string;
  readonly updatedBefore?: string;
  readonly includeExpired?: boolean;
  /** The query's vector (the local model's), or null when meaning cannot be searched: words alone then. */
  readonly queryVector: QueryVector | null;
  readonly now: Date;
}

interface Candidate {
  key: string;
  rank: number;
  similarity: number | null;
  exact: boolean;
}
/**
 * Hybrid search over the caller's agent's memory: the entries matching the query's words (keys as they are, and
 * keys, values and tags by English word families), ranked by ts_rank, fused by reciprocal rank with the entries
 * nearest in meaning (cosine of the local model's vectors, at least `threshold`); a key equal to the query first. A
 * query none of whose words the entries hold is read again respelled from the agent's own words (withRespelling).
 * An entry not yet embedded (a write answers before its vector is made) is found by its words alone.
 */
export async function searchMemory(db: Db, owner: Owner, input: MemorySearch): Promise<Record<string, unknown>> {
  await checkMemoryOwner(db, input.agentId, owner);
  const keyWords = sql`regexp_replace(key, '[^[:alnum:]]+', ' ', 'g')`;
  const document = sql`setweight(to_tsvector('simple', ${keyWords}), 'A') || setweight(to_tsvector('english', ${keyWords}), 'A')
    || setweight(to_tsvector('english', tags::text), 'B') || setweight(to_tsvector('english', value::text), 'B')`;
  const similarity = input.queryVector
    ? meaningSimilarity('memory', { scope: input.agentId, item: sql`key`, stamp: sql`updated_at` }, input.queryVector)
    : sql<null>`null::float8`;
  const search = async (text: string) => {
    const simple = anyWordQuery(text);
    const families = wordFamilyQuery(text);
    const words = simple && families ? sql`(to_tsquery('simple', ${simple}) || ${families})` : simple ? sql`to_tsquery('simple', ${simple})` : null;
    let entries = db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('memory_entries')
      .select(['key', 'updated_at'])
      .select(
        words ? sql<number>`case when ${document} @@ ${words} then ts_rank(${document}, ${words}) else 0 end`.as('rank') : sql<number>`0::float4`.as('rank'),
      )
      .select(similarity.as('similarity'))
      .select(sql<boolean>`key = ${input.query}`.as('exact'))
      .where('agent_id', '=', input.agentId);
    if (!input.includeExpired) entries = entries.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]));
    if (input.keyPrefix) entries = entries.where(sql<boolean>`starts_with(key, ${input.keyPrefix})`);
    if (input.tags?.length) entries = entries.where(sql<boolean>`tags @> ${JSON.stringify(input.tags)}::jsonb`);
    if (input.updatedAfter) entries = entries.where('updated_at', '>', new Date(input.updatedAfter));
    if (input.updatedBefore) entries = entries.where('updated_at', '<', new Date(input.updatedBefore));
    return (await entries.execute()) as Candidate[];
  };
  // The agent's own words, keys and values and tags, for a query none of whose words it holds.
  const candidates = await withRespelling(input.query, search, (lengths) =>
    vocabularyOf(
      db,
      sql`select key || ' ' || value::text || ' ' || tags::text as text from ${sql.table(`${LIVE_SCHEMA}.memory_entries`)} where agent_id = ${input.agentId}`,
      lengths,
    ),
  );

  const ranked = hybridRanking(
    candidates.map((c) => ({ ...c, id: c.key })),
    { threshold: input.threshold, byMeaning: input.queryVector !== null, limit: input.limit },
  );

  const rows = ranked.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('memory_entries')
        .select(['key', 'value', 'version', 'size_bytes', 'tags', 'expires_at', 'updated_at'])
        .where('agent_id', '=', input.agentId)
        .where(
          'key',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.key, r]));
  return {
    agent_id: input.agentId,
    query: input.query,
    by_meaning: input.queryVector !== null,
    results: ranked.flatMap((candidate) => {
      const row = rowOf.get(candidate.id);
      if (!row) return []; // cleared between the two reads
      return [
        {
          key: row.key,
          value: row.value,
          version: row.version,
          size_bytes: row.size_bytes,
          tags: row.tags,
          expires_at: row.expires_at?.toISOString() ?? null,
          updated_at: row.updated_at.toISOString(),
          score: round(candidate.score),
          similarity: candidate.similarity === null ? null : round(candidate.similarity),
          rank: round(candidate.rank),
          exact_key: candidate.exact,
        },
      ];
    }),
  };
}

const round = (x: number) => Number(Number(x).toFixed(6));
