import { microsToUsd } from '../../schema/money';
import type { ListingRow } from './listingsProjection';

export function listingView(row: ListingRow): Record<string, unknown> {
  return {
    listing_id: row.listing_id,
    agent_id: row.agent_id,
    kind: row.kind,
    tool: row.tool,
    title: row.title,
    description: row.description,
    price_usd: microsToUsd(row.price_micros),
    params: row.params,
    created_at: row.created_at.toISOString(),
  };
}
