import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What a task's vector is made from: its title, its tags and its description. */
export function boardTaskSearchText(task: { title: string; description: string; tags: readonly string[] }): string {
  const tags = task.tags.length ? ` (${task.tags.join(', ')})` : '';
  return `${task.title}${tags}${task.description ? `: ${task.description}` : ''}`;
}

/** The task board by meaning: shared, stamped with posted_at, which a claim or completion leaves alone (searchBoardTasks reads the same). */
export const boardTaskSearchable: SearchableCollection = {
  collection: 'board_tasks',
  writtenBy: { TaskPosted: (data) => shared(data.taskId) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('board_tasks')
      .select(['task_id', 'title', 'description', 'tags', 'posted_at'])
      .where(
        'task_id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.task_id), text: boardTaskSearchText(r), stamp: r.posted_at }));
  },
};
