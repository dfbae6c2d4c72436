import { idField, num, searchHitFields, str, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';

/** A listing's fields, as the marketplace's entries (and an agent's portfolio) answer them. */
export const listingIdField = idField('A marketplace listing id.');

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
    ...searchHitFields,
  },
  ['listing_id', 'agent_id', 'kind', 'tool', 'title', 'price_usd'],
);
