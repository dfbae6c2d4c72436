import type { TaskFilter } from '../../schema/events';

/** The words of a query as the task board reads them: letters, digits and underscores, case-insensitive. */
function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/**
 * Whether a posted task matches a filter: any of its tags, every word of `q` in the title or description
 * (case-insensitive), at least the reward. One rule for the board's subscriptions and for custom agents' event
 * schedules on "task" (which filter by tags and q only), computed from the event alone, so neither trigger needs a
 * read model of tasks. A task without a reward meets no minimum.
 */
export function boardTaskMatches(
  filter: Pick<TaskFilter, 'q' | 'minRewardMicros'> & { readonly tags?: readonly string[] },
  task: { readonly title: string; readonly description: string; readonly tags: readonly string[]; readonly rewardMicros?: number },
): boolean {
  if (filter.tags?.length && !filter.tags.some((t) => task.tags.includes(t))) return false;
  if (filter.minRewardMicros !== undefined && (task.rewardMicros ?? 0) < filter.minRewardMicros) return false;
  if (filter.q) {
    const text = `${task.title} ${task.description}`.toLowerCase();
    if (!queryWords(filter.q).every((w) => text.includes(w))) return false;
  }
  return true;
}
