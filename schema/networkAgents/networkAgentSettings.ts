import type { Setting } from '../settings/setting';

/** Wallet sessions of network agents (POST /agents/challenge, /agents/verify). */
export const networkAgentSettings = {
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
} as const satisfies Record<string, Setting>;
