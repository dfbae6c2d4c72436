import type { Db } from '../db/createDb';
import { coreFeatures } from '../features';
import type { SearchableCollection, SearchItem, SearchText } from './searchableCollection';

/**
 * Every feature's searchable collections, by name: what each core feature.ts contributes as `searchable`. Two
 * features naming one collection would mix their vectors, so that stops the process at start.
 */
export const searchableCollections: ReadonlyMap<string, SearchableCollection> = (() => {
  const byName = new Map<string, SearchableCollection>();
  for (const [feature, contribution] of coreFeatures) {
    for (const searchable of contribution.searchable ?? []) {
      if (byName.has(searchable.collection)) throw new Error(`core/${feature}/feature.ts: the search collection "${searchable.collection}" is named twice`);
      byName.set(searchable.collection, searchable);
    }
  }
  return byName;
})();

/** The current texts of the rows named (those since removed are left out: nothing to embed). */
export async function searchTextsOf(db: Db, collection: string, items: readonly SearchItem[]): Promise<SearchText[]> {
  const searchable = searchableCollections.get(collection);
  if (!searchable) throw new Error(`no feature makes "${collection}" searchable`);
  return items.length ? searchable.textsOf(db, items) : [];
}

/** The rows a recorded event asks to (re-)embed, by collection; none for events that change no searchable text. */
export function searchItemsOf(event: { type: string; data: unknown }): { collection: string; item: SearchItem }[] {
  return [...searchableCollections.values()].flatMap((searchable) => {
    const itemOf = searchable.writtenBy[event.type as keyof SearchableCollection['writtenBy']] as ((data: unknown) => SearchItem) | undefined;
    return itemOf ? [{ collection: searchable.collection, item: itemOf(event.data) }] : [];
  });
}

/** The event types that change a searchable text. */
export const SEARCH_TEXT_EVENTS = [...new Set([...searchableCollections.values()].flatMap((s) => Object.keys(s.writtenBy)))];
