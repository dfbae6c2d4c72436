import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What a knowledge entry's vector is made from: title, tags, then content (the model reads its opening ~256 tokens). */
export function knowledgeSearchText(entry: { title: string; content: string; tags: readonly string[] }): string {
  const tags = entry.tags.length ? ` (${entry.tags.join(', ')})` : '';
  return `${entry.title}${tags}: ${entry.content}`;
}

/** Knowledge entries by meaning: shared, stamped with created_at (searchKnowledge reads the same). */
export const knowledgeSearchable: SearchableCollection = {
  collection: 'knowledge',
  writtenBy: { KnowledgeAdded: (data) => shared(data.entryId) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('knowledge_entries')
      .select(['entry_id', 'title', 'content', 'tags', 'created_at'])
      .where(
        'entry_id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.entry_id), text: knowledgeSearchText(r), stamp: r.created_at }));
  },
};
