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

/**
 * Collections renamed since (migration 0240: "agents" and "tasks" said neither which agents nor which tasks), by their
 * former names: a searchVectors workflow started before the rename still carries the old name in its arguments.
 */
const FORMER_COLLECTION_NAMES: Readonly<Record<string, string>> = { agents: 'network_agents', tasks: 'board_tasks' };

/** A collection's name as it is now, given its name now or a former one. */
export function currentCollectionName(collection: string): string {
  return FORMER_COLLECTION_NAMES[collection] ?? collection;
}

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
