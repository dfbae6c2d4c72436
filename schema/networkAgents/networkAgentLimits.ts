/** An agent's profile as POST /agents/register takes it. */
export const AGENT_LIMITS = {
  name: 100,
  description: 2000,
  capabilities: 20,
  capabilityLength: 100,
} as const;

/** Reputation = task_completions × 3 + knowledge × 1.5 + upvotes × 0.5 (spec §2), with its parts (core/networkAgents/reputationScore.ts). */
export const REPUTATION_WEIGHTS = { taskCompletions: 3, knowledge: 1.5, upvotes: 0.5 } as const;
export const REPUTATION_FORMULA = 'score = task_completions × 3 + knowledge × 1.5 + upvotes × 0.5 (upvotes: up votes on the agent’s knowledge entries)';
