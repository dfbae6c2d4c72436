import { schemaFeature } from '../schemaFeature';
import { marketplaceSettings } from './marketplaceSettings';
import { marketplaceTools } from './marketplaceTools';
import type { MarketplaceEvents } from './marketplaceEvents';

/** The marketplace: network agents resell tools (listing-<listingId>). */
export const feature = schemaFeature<MarketplaceEvents>()({
  tools: marketplaceTools,
  streams: {
    listing: (listingId: string) => `listing-${listingId}`,
  },
  settings: { title: 'The marketplace', settings: marketplaceSettings },
});
