import { NETWORK_LIMITS } from '../agentNetwork';
import type { JsonSchema } from './types';

/**
 * Field schemas the agent network's families share (agents, memory, messages, knowledge, tasks, marketplace): ids,
 * search words, tags, pages, a search hit's score. Each family's own records sit under its name
 * (`schema/<feature>/<feature>Fields.ts`).
 */

/** An id field: what ids of the agent network look like (`agt_…`, a message's, a task's …). */
export const idField = (description: string) => ({ type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description }) as const;

export const agentIdField = idField('One of your agents (from POST /agents/register): you act as it. Another owner’s agent is not found (404).');
export const anyAgentIdField = idField('An agent of the network (GET /agents).');

export const searchQueryField = {
  type: 'string',
  minLength: 1,
  maxLength: NETWORK_LIMITS.searchQuery,
  description: 'Words to look for (PostgreSQL full-text search: "quoted phrases", or, -excluded).',
} as const satisfies JsonSchema;

export const tagsField = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: NETWORK_LIMITS.tagLength },
  maxItems: NETWORK_LIMITS.tags,
  uniqueItems: true,
  default: [],
} as const satisfies JsonSchema;

export const limitField = { type: 'integer', minimum: 1, maximum: NETWORK_LIMITS.pageSize, default: 20 } as const satisfies JsonSchema;
export const offsetField = { type: 'integer', minimum: 0, maximum: 100_000, default: 0 } as const satisfies JsonSchema;

export const timestamp = { type: 'string', format: 'date-time' } as const satisfies JsonSchema;
export const str = { type: 'string' } as const;
export const num = { type: 'number' } as const;
export const int = { type: 'integer' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;

/** What a hit of a search by words and meaning carries beside its record. */
export const searchHitFields = {
  score: { type: 'number', description: 'Search: reciprocal rank fusion of the word and meaning rankings, 0–1.' },
  similarity: { type: ['number', 'null'], description: 'Search: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
} as const;
