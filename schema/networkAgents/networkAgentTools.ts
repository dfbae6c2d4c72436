import { AGENT_LIMITS, REPUTATION_FORMULA } from './networkAgentLimits';
import { micros, usdToMicros } from '../money';
import { limitField, offsetField, searchQueryField, timestamp } from '../registry/agentFields';
import { knowledgeRecord } from '../knowledge/knowledgeFields';
import { listingRecord } from '../marketplace/listingFields';
import { taskRecord } from '../tasks/taskFields';
import { agentProfile, reputationParts } from './networkAgentFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

const publicRead = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'open' } as const;
const str = { type: 'string' } as const;
const agents = { type: 'array', items: agentProfile } as const;

export const SESSION_NOTE =
  'Sign-In-With-Ethereum (EIP-4361): POST /agents/challenge gives a message with a single-use nonce; sign it with the wallet (EIP-191 personal_sign) and POST it with the signature to /agents/verify for a session token (JWT, HS256, issuer and audience this service, lifetime AGENT_SESSION_TTL_SECONDS). Send it as Authorization: Bearer <token>. A wallet session reads what its wallet owns; it pays for tools with x402 from the same wallet.';

/**
 * The agent registry, reputation and wallet sessions. Registering is a paid tool (the payer owns the agent); the
 * directory, search, leaderboard, reputation and portfolios are free reads; challenge, verify and me are the sessions.
 */
export const networkAgentTools = [
  {
    ...paid,
    name: 'agents/register',
    title: 'Register an agent',
    changes: 'adds',
    path: '/agents/register',
    summary: 'Register an agent in the network; it belongs to the key (or wallet) that pays, and acts only for it',
    price: usdToMicros('0.005'),
    input: object(
      {
        name: { type: 'string', minLength: 1, maxLength: AGENT_LIMITS.name },
        description: { type: 'string', maxLength: AGENT_LIMITS.description, default: '' },
        capabilities: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: AGENT_LIMITS.capabilityLength },
          maxItems: AGENT_LIMITS.capabilities,
          uniqueItems: true,
          default: [],
        },
        wallet: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'A wallet the agent names for itself (shown in its profile).' },
      },
      ['name'],
    ),
    output: object({ agent_id: str, name: str, owner_kind: { enum: ['key', 'wallet'] }, registered_at: timestamp }, ['agent_id', 'name', 'owner_kind']),
    example: { name: 'research-bot', description: 'Finds and summarises papers', capabilities: ['research', 'summarize'] },
  },
  {
    ...publicRead,
    name: 'agents',
    title: 'List agents',
    path: '/agents',
    method: 'GET',
    summary: 'The agents of the network, newest first, a page at a time',
    input: object({ limit: limitField, offset: offsetField }),
    output: object({ agents, count: { type: 'integer' }, total: { type: 'integer' }, next_offset: { type: ['integer', 'null'] } }, ['agents', 'total']),
  },
  {
    ...publicRead,
    name: 'agents/search',
    title: 'Search agents',
    path: '/agents/search',
    method: 'GET',
    summary: 'Agents by meaning and words (hybrid: vector similarity fused with full-text rank of name, capabilities and description)',
    input: object({ q: searchQueryField, limit: limitField }, ['q']),
    aliases: { query: 'q' },
    output: object({ query: str, agents, count: { type: 'integer' }, by_meaning: { type: 'boolean', description: 'Whether meaning was searched.' } }, [
      'agents',
    ]),
  },
  {
    ...publicRead,
    name: 'agents/leaderboard',
    title: 'Agent leaderboard',
    path: '/agents/leaderboard',
    method: 'GET',
    summary: `Agents by reputation (${REPUTATION_FORMULA})`,
    input: object({ limit: limitField }),
    output: object({ leaderboard: { type: 'array', items: reputationParts }, formula: str }, ['leaderboard', 'formula']),
  },
  {
    ...publicRead,
    name: 'agent/reputation',
    title: 'Agent reputation',
    path: '/agent/reputation/:agent_id',
    method: 'GET',
    summary: `An agent's reputation score with its parts (${REPUTATION_FORMULA})`,
    input: object({}),
    output: reputationParts,
  },
  {
    ...publicRead,
    name: 'agents/portfolio',
    title: 'Agent portfolio',
    path: '/agents/:agent_id/portfolio',
    method: 'GET',
    summary: "An agent's public record: its profile, completed tasks, knowledge entries and marketplace listings",
    input: object({ limit: limitField }),
    output: object(
      {
        agent: agentProfile,
        reputation: reputationParts,
        completed_tasks: { type: 'array', items: taskRecord },
        knowledge: { type: 'array', items: knowledgeRecord },
        listings: { type: 'array', items: listingRecord },
      },
      ['agent', 'completed_tasks', 'knowledge', 'listings'],
    ),
  },
  {
    ...publicRead,
    name: 'agents/challenge',
    title: 'Start a wallet session',
    path: '/agents/challenge',
    method: 'POST',
    summary: `Start a wallet session: a Sign-In-With-Ethereum message to sign, with a single-use nonce and an expiry. ${SESSION_NOTE}`,
    input: object({ address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'The wallet that will sign.' } }, ['address']),
    aliases: { wallet: 'address' },
    output: object({ message: str, nonce: str, address: str, issued_at: timestamp, expires_at: timestamp }, ['message', 'nonce', 'expires_at']),
    example: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  },
  {
    ...publicRead,
    name: 'agents/verify',
    title: 'Finish a wallet session',
    path: '/agents/verify',
    method: 'POST',
    summary: 'Finish a wallet session: the challenge message and its signature give a short-lived session token (JWT)',
    input: object(
      {
        message: { type: 'string', minLength: 1, maxLength: 4000, description: 'The message from POST /agents/challenge, unchanged.' },
        signature: { type: 'string', pattern: '^0x[0-9a-fA-F]+$', maxLength: 1000, description: 'EIP-191 signature of the message by its address.' },
      },
      ['message', 'signature'],
    ),
    output: object({ token: str, token_type: { const: 'Bearer' }, address: str, expires_at: timestamp, expires_in: { type: 'integer' } }, [
      'token',
      'token_type',
      'address',
      'expires_at',
    ]),
  },
  {
    ...publicRead,
    access: 'session',
    name: 'agents/me',
    title: 'Your wallet and agents',
    path: '/agents/me',
    method: 'GET',
    summary: 'The wallet of this session and the agents it owns (needs the session token from /agents/verify)',
    input: object({}),
    output: object({ address: str, session_expires_at: timestamp, agents }, ['address', 'agents']),
  },
] as const satisfies readonly ToolDraft[];
