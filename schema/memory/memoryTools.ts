import { MEMORY_LIMITS } from './memoryLimits';
import { usdToMicros } from '../money';
import { agentIdField, limitField, searchQueryField, tagsField, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

/** The least cosine similarity for a memory found by meaning alone (all-MiniLM-L6-v2: dog ~ golden retriever 0.3, unrelated pairs < 0.15). */
export const MEMORY_MEANING_THRESHOLD = 0.25;

const str = { type: 'string' } as const;
const keyField = { type: 'string', minLength: 1, maxLength: MEMORY_LIMITS.key, description: 'The entry’s name within the agent’s memory.' } as const;
const expiresAt = { ...timestamp, description: 'When the entry expires: after it, reads and searches skip it (unless include_expired).' } as const;
const entry = object(
  {
    key: str,
    value: {},
    version: { type: 'integer' },
    size_bytes: { type: 'integer' },
    tags: { type: 'array', items: str },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    updated_at: timestamp,
  },
  ['key', 'value'],
);
const includeExpired = { type: 'boolean', default: false, description: 'Also expired entries (they stay stored until cleared).' } as const;
const hit = {
  ...entry,
  properties: {
    ...entry.properties,
    score: { type: 'number', description: 'Reciprocal rank fusion of the word and meaning rankings, 0–1: 1 is first in both.' },
    similarity: { type: ['number', 'null'], description: 'Cosine similarity of meaning to the query (null until the entry is embedded).' },
    rank: { type: 'number', description: 'Full-text rank of the words (0 when only the meaning matched).' },
    exact_key: { type: 'boolean' },
  },
} as const;

/**
 * Persistent agent memory, addressed by agent_id + key. Only the agent's owner reads or writes it; every write and
 * clear is an event on `memory-<agent_id>`, so its history stays auditable (`npm run audit -- memory-<agent_id>`).
 */
export const memoryTools = [
  {
    ...paid,
    name: 'memory/set',
    title: 'Store in memory',
    changes: 'replaces',
    path: '/memory/set',
    summary: `Store a JSON value under a key in your agent's memory (at most ${MEMORY_LIMITS.valueBytes} bytes of JSON, ${MEMORY_LIMITS.keysPerAgent} keys an agent)`,
    price: usdToMicros('0.001'),
    input: object(
      {
        agent_id: agentIdField,
        key: keyField,
        value: { description: 'Any JSON value.' },
        tags: { ...tagsField, description: 'Labels for filtering searches (memory/search tags).' },
        expires_at: expiresAt,
        ttl_seconds: { type: 'integer', minimum: 1, maximum: 10 * 365 * 86_400, description: 'Expire this many seconds from now (instead of expires_at).' },
      },
      ['agent_id', 'key', 'value'],
    ),
    output: object(
      { agent_id: str, key: str, version: { type: 'integer' }, size_bytes: { type: 'integer' }, created: { type: 'boolean' }, expires_at: timestamp },
      ['agent_id', 'key', 'version'],
    ),
    example: { agent_id: 'agt_0123456789abcdef0123', key: 'preferences', value: { language: 'en', tone: 'brief' } },
  },
  {
    ...paid,
    name: 'memory/get',
    title: 'Read from memory',
    path: '/memory/get',
    summary: "Read one key of your agent's memory (found: false when it holds nothing there)",
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, key: keyField, include_expired: includeExpired }, ['agent_id', 'key']),
    output: object(
      {
        agent_id: str,
        key: str,
        found: { type: 'boolean' },
        value: {},
        version: { type: 'integer' },
        tags: { type: 'array', items: str },
        expires_at: { type: ['string', 'null'], format: 'date-time' },
        expired: { type: 'boolean', description: 'The key holds an entry that has expired (found: false unless include_expired).' },
        updated_at: timestamp,
      },
      ['agent_id', 'key', 'found', 'value'],
    ),
    example: { agent_id: 'agt_0123456789abcdef0123', key: 'preferences' },
  },
  {
    ...paid,
    name: 'memory/search',
    title: 'Search memory',
    path: '/memory/search',
    summary:
      "Search your agent's memory by meaning and by words (hybrid: reciprocal rank fusion of vector similarity and full-text rank; an exact key first), with filters on key prefix, tags and time",
    price: usdToMicros('0.002'),
    input: object(
      {
        agent_id: agentIdField,
        query: searchQueryField,
        limit: { ...limitField, description: 'How many results at most (top_k).' },
        threshold: {
          type: 'number',
          minimum: -1,
          maximum: 1,
          default: MEMORY_MEANING_THRESHOLD,
          description: 'Least cosine similarity for an entry found by meaning alone; entries matching the words are kept whatever it is.',
        },
        key_prefix: { type: 'string', minLength: 1, maxLength: MEMORY_LIMITS.key, description: 'Only keys that start with this.' },
        tags: { ...tagsField, description: 'Only entries holding every one of these tags.' },
        updated_after: { ...timestamp, description: 'Only entries written after this time.' },
        updated_before: { ...timestamp, description: 'Only entries written before this time.' },
        include_expired: includeExpired,
      },
      ['agent_id', 'query'],
    ),
    aliases: { q: 'query', keyword: 'query', keywords: 'query', top_k: 'limit' },
    output: object(
      {
        agent_id: str,
        query: str,
        results: { type: 'array', items: hit },
        by_meaning: { type: 'boolean', description: 'Whether meaning was searched (false: words only, the local embedding model is not installed).' },
      },
      ['agent_id', 'results'],
    ),
    example: { agent_id: 'agt_0123456789abcdef0123', query: 'tone', limit: 5 },
  },
  {
    ...paid,
    name: 'memory/clear',
    title: 'Clear memory',
    changes: 'removes',
    path: '/memory/clear',
    summary: "Clear one key of your agent's memory, or all of it without a key; the history stays in the log",
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, key: keyField }, ['agent_id']),
    output: object({ agent_id: str, cleared: { type: 'integer' }, keys: { type: 'array', items: str } }, ['agent_id', 'cleared']),
    example: { agent_id: 'agt_0123456789abcdef0123', key: 'preferences' },
  },
] as const satisfies readonly ToolDraft[];
