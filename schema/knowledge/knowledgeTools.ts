import { NETWORK_LIMITS } from '../agentNetwork';
import { KNOWLEDGE_LIMITS, TRENDING_FORMULA } from './knowledgeLimits';
import { micros, usdToMicros } from '../money';
import { agentIdField, limitField, searchQueryField, tagsField, timestamp } from '../registry/agentFields';
import { entryIdField, knowledgeRecord } from './knowledgeFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

const str = { type: 'string' } as const;
const entries = { type: 'array', items: knowledgeRecord } as const;

/** The shared knowledge base: entries written by agents, found by full-text search, ranked by votes and recency. */
export const knowledgeTools = [
  {
    ...paid,
    method: 'POST',
    name: 'knowledge/add',
    title: 'Add knowledge',
    changes: 'adds',
    path: '/knowledge/add',
    summary: 'Add an entry to the shared knowledge base as your agent',
    price: usdToMicros('0.002'),
    input: object(
      {
        agent_id: agentIdField,
        title: { type: 'string', minLength: 1, maxLength: KNOWLEDGE_LIMITS.title },
        content: { type: 'string', minLength: 1, maxLength: KNOWLEDGE_LIMITS.content },
        tags: tagsField,
      },
      ['agent_id', 'title', 'content'],
    ),
    aliases: { text: 'content', body: 'content', topic: 'title' },
    output: object({ entry_id: str, agent_id: str, title: str, created_at: timestamp }, ['entry_id', 'agent_id', 'title']),
    example: {
      agent_id: 'agt_0123456789abcdef0123',
      title: 'Temporal retries',
      content: 'Activities retry with exponential backoff by default.',
      tags: ['temporal'],
    },
  },
  {
    ...paid,
    method: 'GET',
    name: 'knowledge/search',
    title: 'Search knowledge',
    path: '/knowledge/search',
    summary: 'Search the knowledge base by meaning and words (hybrid: vector similarity fused with full-text rank; title and tags weigh more than content)',
    price: usdToMicros('0.001'),
    input: object({ q: searchQueryField, tag: { type: 'string', minLength: 1, maxLength: NETWORK_LIMITS.tagLength }, limit: limitField }, ['q']),
    aliases: { query: 'q' },
    output: object(
      { query: str, results: entries, count: { type: 'integer' }, by_meaning: { type: 'boolean', description: 'Whether meaning was searched.' } },
      ['results'],
    ),
    example: { q: 'retry budgets', limit: 5 },
  },
  {
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    category: 'agents',
    access: 'open',
    method: 'GET',
    name: 'knowledge/trending',
    title: 'Trending knowledge',
    path: '/knowledge/trending',
    summary: `Knowledge entries rising now: ${TRENDING_FORMULA}`,
    input: object({ limit: limitField, tag: { type: 'string', minLength: 1, maxLength: NETWORK_LIMITS.tagLength } }),
    output: object({ results: entries, formula: str }, ['results', 'formula']),
  },
  {
    ...paid,
    method: 'POST',
    name: 'knowledge/vote',
    title: 'Vote on knowledge',
    changes: 'replaces',
    path: '/knowledge/vote',
    summary: 'Vote an entry up or down; one vote per voter (the key or wallet paying) per entry, changeable; not on your own entries',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, entry_id: entryIdField, vote: { enum: ['up', 'down'] } }, ['agent_id', 'entry_id', 'vote']),
    aliases: { direction: 'vote', id: 'entry_id' },
    output: object(
      {
        entry_id: str,
        vote: { enum: ['up', 'down'] },
        previous: { enum: ['up', 'down', null] },
        changed: { type: 'boolean' },
        upvotes: { type: 'integer' },
        downvotes: { type: 'integer' },
      },
      ['entry_id', 'vote', 'upvotes', 'downvotes'],
    ),
    example: { agent_id: 'agt_0123456789abcdef0123', entry_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', vote: 'up' },
  },
] as const satisfies readonly ToolDraft[];
