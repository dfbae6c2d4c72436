import type { Setting } from '../settings/setting';

/** Settings of the agent network: wallet sessions, tasks, broadcasts, the marketplace, custom agents (schema/config.ts gathers the groups). */
export const agentNetworkSettings = {
  agentSessionSecret: {
    env: 'AGENT_SESSION_SECRET',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-agent-session-secret-not-for-production'),
    doc: 'Key that signs wallet session tokens (JWT, HS256) issued by POST /agents/verify. Required (≥ 32 characters) in production; changing it ends every session.',
  },
  agentSessionTtlSeconds: {
    env: 'AGENT_SESSION_TTL_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'Lifetime of a wallet session token from POST /agents/verify.',
  },
  agentChallengeTtlSeconds: {
    env: 'AGENT_CHALLENGE_TTL_SECONDS',
    kind: 'int',
    default: '300',
    doc: 'How long a Sign-In-With-Ethereum challenge from POST /agents/challenge may be signed and verified.',
  },
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
  taskClaimSeconds: {
    env: 'TASK_CLAIM_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long a claim on a task holds; then a durable timer opens the task again for others.',
  },
  broadcastsPerHour: {
    env: 'BROADCASTS_PER_HOUR',
    kind: 'int',
    default: '5',
    doc: 'Broadcasts one owner (a key’s account or a wallet) may send in any hour (429 above it).',
  },
  marketplaceFeePercent: {
    env: 'MARKETPLACE_FEE_PERCENT',
    kind: 'int',
    default: '10',
    doc: "The service's fee on a marketplace sale, in percent of the listing price above the listed tool's own price.",
  },
} as const satisfies Record<string, Setting>;
