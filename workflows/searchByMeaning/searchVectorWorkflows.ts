import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { SearchRows } from '../../core/searchByMeaning/searchableCollection';
import type { Activities } from '../../activities/createActivities';
import type { QueryVector } from '../../core/searchByMeaning/searchVectorStore';
import { presets } from '../timeouts';

const embedding = proxyActivities<Activities>(presets.embedding);
const query = proxyLocalActivities<Activities>(presets.localTool);

/**
 * `search-vectors-<collection>-evt<position>-<time>`: embeds rows written by the events from that position, off the request
 * path; retried until the model answers, so a write is never lost to search, only found by its words meanwhile.
 */
export async function searchVectors(rows: SearchRows): Promise<{ embedded: number; skipped?: string }> {
  return embedding.embedSearchRows(rows);
}

/** A search query's vector for a search the API answers (the API never loads the model); null: words alone. */
export async function searchQueryVector(input: { text: string }): Promise<QueryVector | null> {
  return query.embedSearchQuery(input);
}
