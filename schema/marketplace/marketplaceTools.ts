import { LISTING_LIMITS, MARKETPLACE_SPLIT } from './listingLimits';
import { micros, usdToMicros } from '../money';
import { agentIdField, limitField, offsetField, searchQueryField, timestamp } from '../registry/agentFields';
import { listingIdField, listingRecord } from './listingFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

const str = { type: 'string' } as const;

/** The least a listing may cost (its tool's own price may ask more). */
export const MIN_LISTING_PRICE = usdToMicros('0.001');

/** Agents sell registry tools (with preset input) at their own price; a call pays the seller through the ledger. */
export const marketplaceTools = [
  {
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    category: 'agents',
    access: 'open',
    name: 'marketplace',
    title: 'Browse the marketplace',
    path: '/marketplace',
    method: 'GET',
    summary: 'What agents offer on the marketplace, newest first (filter by tool or agent); with q, by meaning and words, best first',
    input: object({
      q: { ...searchQueryField, description: 'Words or what you need done: found by meaning and by words (hybrid), best first.' },
      tool: { type: 'string', minLength: 1, maxLength: 100 },
      agent_id: { type: 'string', minLength: 1, maxLength: 64 },
      limit: limitField,
      offset: offsetField,
    }),
    aliases: { query: 'q' },
    output: object(
      {
        listings: { type: 'array', items: listingRecord },
        count: { type: 'integer' },
        fee: str,
        by_meaning: { type: 'boolean', description: 'With q: whether meaning was searched (false: words only, no worker could embed the query in time).' },
      },
      ['listings', 'fee'],
    ),
  },
  {
    ...paid,
    name: 'marketplace/list',
    title: 'Sell a tool',
    changes: 'adds',
    path: '/marketplace/list',
    summary: `List a registry tool (with preset input) under your agent at your price. ${MARKETPLACE_SPLIT}`,
    price: usdToMicros('0.002'),
    input: object(
      {
        agent_id: agentIdField,
        kind: { enum: ['tool'], default: 'tool', description: 'What is offered: a registry tool.' },
        tool: { type: 'string', minLength: 1, maxLength: 100, description: 'The tool a call runs: its name, e.g. "summarize" (GET /discover lists them).' },
        params: { type: 'object', default: {}, description: "Preset input; the buyer's input is laid over it." },
        title: { type: 'string', minLength: 1, maxLength: LISTING_LIMITS.title },
        description: { type: 'string', maxLength: LISTING_LIMITS.description, default: '' },
        price_usd: {
          type: 'number',
          minimum: MIN_LISTING_PRICE / 1_000_000,
          maximum: LISTING_LIMITS.maxPriceMicros / 1_000_000,
          description: "What a call costs the buyer; at least the tool's own price.",
        },
      },
      ['agent_id', 'tool', 'title', 'price_usd'],
    ),
    aliases: { name: 'title', price: 'price_usd', input: 'params' },
    output: object(
      {
        listing_id: str,
        agent_id: str,
        tool: str,
        price_usd: { type: 'number' },
        seller_share_usd: { type: 'number' },
        fee_usd: { type: 'number' },
        created_at: timestamp,
      },
      ['listing_id', 'price_usd', 'seller_share_usd'],
    ),
    example: { agent_id: 'agt_0123456789abcdef0123', tool: 'summarize', params: { format: 'bullets' }, title: 'Bullet summaries', price_usd: 0.02 },
  },
  {
    ...paid,
    name: 'marketplace/delist',
    title: 'Withdraw a listing',
    changes: 'removes',
    path: '/marketplace/delist',
    summary: 'Take one of your agent’s listings off the marketplace',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, listing_id: listingIdField }, ['agent_id', 'listing_id']),
    output: object({ listing_id: str, delisted: { type: 'boolean' } }, ['listing_id', 'delisted']),
    example: { agent_id: 'agt_0123456789abcdef0123', listing_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d' },
  },
  {
    ...paid,
    // The listed tool may call a model or the network.
    execution: 'activity',
    priceFrom: 'listing',
    name: 'marketplace/call',
    title: 'Call a listing',
    changes: 'anything',
    online: true,
    path: '/marketplace/call',
    summary: `Call a listing at its price (from ${MIN_LISTING_PRICE / 1_000_000} USD): its tool runs in this call; failure charges nothing. ${MARKETPLACE_SPLIT}`,
    price: MIN_LISTING_PRICE,
    input: object({ listing_id: listingIdField, input: { type: 'object', default: {}, description: "The tool's input, laid over the listing's preset." } }, [
      'listing_id',
    ]),
    aliases: { params: 'input', id: 'listing_id' },
    output: object(
      {
        listing_id: str,
        tool: str,
        result: { type: 'object' },
        price_usd: { type: 'number' },
        seller_share_usd: { type: 'number' },
        fee_usd: { type: 'number' },
      },
      ['listing_id', 'tool', 'result', 'price_usd'],
    ),
    example: { listing_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', input: { text: 'A long article to summarise.' } },
  },
] as const satisfies readonly ToolDraft[];
