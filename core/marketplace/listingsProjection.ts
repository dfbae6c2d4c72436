import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface ListingRow {
  listing_id: string;
  agent_id: string;
  owner: string;
  kind: 'tool';
  tool: string;
  params: Record<string, unknown>;
  title: string;
  description: string;
  price_micros: number;
  created_at: Date;
}

type ListingEvent = StoredEventOf<'ListingCreated' | 'ListingDelisted'>;

/** Live marketplace listings (rows from `listing-<listingId>`; delisted ones leave). Inline: a call prices from it. */
export const listings: Projection<ListingRow> = {
  name: 'listings',
  version: 1,
  mode: 'inline',
  table: 'listings',
  columns: {
    listing_id: 'text',
    agent_id: 'text',
    owner: 'text',
    kind: 'text',
    tool: 'text',
    params: 'jsonb',
    title: 'text',
    description: 'text',
    price_micros: 'bigint',
    created_at: 'timestamptz',
  },
  key: ['listing_id'],
  indexes: [['agent_id'], ['created_at']],
  handles: ['ListingCreated', 'ListingDelisted'],
  keysOf: (event) => [{ listing_id: (event as ListingEvent).data.listingId }],
  initial: (key, event) => ({
    listing_id: key.listing_id as string,
    agent_id: '',
    owner: '',
    kind: 'tool',
    tool: '',
    params: {},
    title: '',
    description: '',
    price_micros: 0,
    created_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as ListingEvent;
    if (event.type === 'ListingDelisted') return null;
    const { agentId, owner, kind, tool, params, title, description, priceMicros } = event.data;
    return { ...row, agent_id: agentId, owner, kind, tool, params, title, description, price_micros: priceMicros, created_at: event.recordedAt };
  },
};
