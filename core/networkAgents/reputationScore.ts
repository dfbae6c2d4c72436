import { REPUTATION_WEIGHTS } from '../../schema/networkAgents/networkAgentLimits';

/** Reputation = task_completions × 3 + knowledge × 1.5 + upvotes × 0.5 (REPUTATION_FORMULA). */
export function reputationScore(parts: { taskCompletions: number; knowledge: number; upvotes: number }): number {
  const w = REPUTATION_WEIGHTS;
  return parts.taskCompletions * w.taskCompletions + parts.knowledge * w.knowledge + parts.upvotes * w.upvotes;
}
