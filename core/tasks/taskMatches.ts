import type { TaskFilter } from '../../schema/events';

/**
 * Whether a posted task matches a subscription's filter: any of its tags, every word of `q` in the title or
 * description (case-insensitive), at least the reward. Computed here from the event alone, so the trigger needs
 * no read model of tasks.
 */
export function taskMatches(filter: TaskFilter, task: { title: string; description: string; tags: string[]; rewardMicros: number }): boolean {
  if (filter.tags?.length && !filter.tags.some((t) => task.tags.includes(t))) return false;
  if (filter.minRewardMicros !== undefined && task.rewardMicros < filter.minRewardMicros) return false;
  if (filter.q) {
    const text = `${task.title} ${task.description}`.toLowerCase();
    const words = filter.q.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
    if (!words.every((w) => text.includes(w))) return false;
  }
  return true;
}
