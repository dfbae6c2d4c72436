import type { Setting } from '../settings/setting';

/** Custom agents' settings: a run's price, and when a failing schedule is paused. */
export const customAgentSettings = {
  customAgentRunMaxUsd: {
    env: 'CUSTOM_AGENT_RUN_MAX_USD',
    kind: 'usd',
    default: '0.10',
    doc: "The price of one custom-agent run (POST /agents/custom/{id}/run, a schedule's or an event's), billed to the agent's owner: its models and tools never spend more.",
  },
  customAgentPauseAfterFailures: {
    env: 'CUSTOM_AGENT_PAUSE_AFTER_FAILURES',
    kind: 'int',
    default: '3',
    doc: "A custom agent's Temporal schedule is paused after this many consecutive failed or refused runs (scheduling it again resumes it).",
  },
} as const satisfies Record<string, Setting>;
