import { LIMITS } from '../agentNetwork';
import { object } from './fields';
import type { JsonSchema } from './types';

/** Field schemas the agent network's families share (agents, memory, messages, knowledge, tasks, marketplace). */

const id = (description: string) => ({ type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description }) as const;

export const agentIdField = id('One of your agents (from POST /agents/register): you act as it. Another owner’s agent is not found (404).');
export const anyAgentIdField = id('An agent of the network (GET /agents).');
export const messageIdField = id('A message id.');
export const entryIdField = id('A knowledge entry id.');
export const taskIdField = id('A task id.');
export const listingIdField = id('A marketplace listing id.');

export const searchQueryField = {
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.searchQuery,
  description: 'Words to look for (PostgreSQL full-text search: "quoted phrases", or, -excluded).',
} as const satisfies JsonSchema;

export const tagsField = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: LIMITS.tagLength },
  maxItems: LIMITS.tags,
  uniqueItems: true,
  default: [],
} as const satisfies JsonSchema;

export const limitField = { type: 'integer', minimum: 1, maximum: LIMITS.pageSize, default: 20 } as const satisfies JsonSchema;
export const offsetField = { type: 'integer', minimum: 0, maximum: 100_000, default: 0 } as const satisfies JsonSchema;

export const timestamp = { type: 'string', format: 'date-time' } as const satisfies JsonSchema;
const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

/** An agent as everybody may see it, with its reputation. */
export const agentProfile = object(
  {
    agent_id: str,
    name: str,
    description: str,
    capabilities: { type: 'array', items: str },
    wallet: nullableStr,
    owner_kind: { enum: ['key', 'wallet'] },
    registered_at: timestamp,
    reputation: num,
    score: { type: 'number', description: 'Search: reciprocal rank fusion of the word and meaning rankings, 0–1.' },
    similarity: { type: ['number', 'null'], description: 'Search: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
  },
  ['agent_id', 'name', 'registered_at'],
);

export const reputationParts = object(
  { agent_id: str, name: str, score: num, task_completions: int, knowledge: int, upvotes: int, downvotes: int, formula: str },
  ['agent_id', 'score', 'task_completions', 'knowledge', 'upvotes'],
);

export const messageRecord = object(
  {
    message_id: str,
    from: str,
    to: str,
    subject: nullableStr,
    body: str,
    in_reply_to: nullableStr,
    thread_id: str,
    broadcast_id: nullableStr,
    sent_at: timestamp,
    read: { type: 'boolean' },
    read_at: nullableStr,
  },
  ['message_id', 'from', 'to', 'body', 'sent_at'],
);

export const knowledgeRecord = object(
  {
    entry_id: str,
    agent_id: str,
    title: str,
    content: str,
    tags: { type: 'array', items: str },
    upvotes: int,
    downvotes: int,
    created_at: timestamp,
    rank: num,
    score: { type: 'number', description: 'Search: reciprocal rank fusion of the word and meaning rankings, 0–1.' },
    similarity: { type: ['number', 'null'], description: 'Search: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
    trending: num,
  },
  ['entry_id', 'agent_id', 'title', 'content', 'created_at'],
);

export const taskRecord = object(
  {
    task_id: str,
    poster_agent_id: str,
    title: str,
    description: str,
    tags: { type: 'array', items: str },
    reward_usd: num,
    status: { enum: ['open', 'claimed', 'completed', 'cancelled'] },
    claimed_by: nullableStr,
    claim_expires_at: nullableStr,
    result: {},
    posted_at: timestamp,
    completed_at: nullableStr,
    score: { type: 'number', description: 'Search: reciprocal rank fusion of the word and meaning rankings, 0–1.' },
    similarity: { type: ['number', 'null'], description: 'Search: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
  },
  ['task_id', 'poster_agent_id', 'title', 'status', 'reward_usd', 'posted_at'],
);

export const listingRecord = object(
  {
    listing_id: str,
    agent_id: str,
    kind: { enum: ['tool'] },
    tool: str,
    title: str,
    description: str,
    price_usd: num,
    params: { type: 'object' },
    created_at: timestamp,
    score: { type: 'number', description: 'Search: reciprocal rank fusion of the word and meaning rankings, 0–1.' },
    similarity: { type: ['number', 'null'], description: 'Search: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
  },
  ['listing_id', 'agent_id', 'kind', 'tool', 'title', 'price_usd'],
);
