import type { EventMap, EventType } from '../../schema/events';
import type { Db } from '../db/createDb';

/** One searchable row: whose (`scope`: an agent for memory, '' for shared libraries and the directory) and which. */
export interface SearchItem {
  readonly scope: string;
  readonly item: string;
}

/** Rows of one collection to embed: what a searchVectors workflow is given (ids only; it reads the texts itself). */
export interface SearchRows {
  readonly collection: string;
  readonly items: readonly SearchItem[];
}

/** A row's text to embed as it is now, with the stamp its vector will carry (the search compares it with the row's). */
export interface SearchText extends SearchItem {
  readonly text: string;
  readonly stamp: Date;
}

/**
 * A feature's rows searched by meaning, contributed through its core feature.ts (`searchable`): the name its vectors
 * carry in search_vectors, the events that write a row's text, and the rows' current texts. The feature's own search
 * reads the vectors back with the same collection name and the same stamp column its `textsOf` stamps them with.
 */
export interface SearchableCollection {
  /** search_vectors.collection: one feature's, never shared. */
  readonly collection: string;
  /** For each event that (re)writes a row's searchable text, the row it names. */
  readonly writtenBy: { readonly [K in EventType]?: (data: EventMap[K]) => SearchItem };
  /** The current texts of the rows named (rows since removed are left out: nothing to embed). */
  readonly textsOf: (db: Db, items: readonly SearchItem[]) => Promise<SearchText[]>;
}

/** A shared collection's rows (skills, listings, the catalogue …) belong to no one: their scope is ''. */
export const shared = (item: string): SearchItem => ({ scope: '', item });
