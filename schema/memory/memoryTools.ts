import { LIMITS } from '../agentNetwork';
import { usdToMicros } from '../money';
import { agentIdField, limitField, searchQueryField, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

const str = { type: 'string' } as const;
const keyField = { type: 'string', minLength: 1, maxLength: LIMITS.memoryKey, description: 'The entry’s name within the agent’s memory.' } as const;
const entry = object({ key: str, value: {}, version: { type: 'integer' }, size_bytes: { type: 'integer' }, updated_at: timestamp }, ['key', 'value']);

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
    summary: `Store a JSON value under a key in your agent's memory (at most ${LIMITS.memoryValueBytes} bytes of JSON, ${LIMITS.memoryKeysPerAgent} keys an agent)`,
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, key: keyField, value: { description: 'Any JSON value.' } }, ['agent_id', 'key', 'value']),
    output: object({ agent_id: str, key: str, version: { type: 'integer' }, size_bytes: { type: 'integer' }, created: { type: 'boolean' } }, [
      'agent_id',
      'key',
      'version',
    ]),
    example: { agent_id: 'agt_0123456789abcdef0123', key: 'preferences', value: { language: 'en', tone: 'brief' } },
  },
  {
    ...paid,
    name: 'memory/get',
    title: 'Read from memory',
    path: '/memory/get',
    summary: "Read one key of your agent's memory (found: false when it holds nothing there)",
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, key: keyField }, ['agent_id', 'key']),
    output: object({ agent_id: str, key: str, found: { type: 'boolean' }, value: {}, version: { type: 'integer' }, updated_at: timestamp }, [
      'agent_id',
      'key',
      'found',
      'value',
    ]),
    example: { agent_id: 'agt_0123456789abcdef0123', key: 'preferences' },
  },
  {
    ...paid,
    name: 'memory/search',
    title: 'Search memory',
    path: '/memory/search',
    summary: "Search your agent's memory by keyword over keys and values, best matches first (a match in the key counts more)",
    price: usdToMicros('0.002'),
    input: object({ agent_id: agentIdField, query: searchQueryField, limit: limitField }, ['agent_id', 'query']),
    aliases: { q: 'query', keyword: 'query', keywords: 'query' },
    output: object(
      { agent_id: str, query: str, results: { type: 'array', items: { ...entry, properties: { ...entry.properties, rank: { type: 'number' } } } } },
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
