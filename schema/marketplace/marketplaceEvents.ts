/** Marketplace listings on `listing-<listingId>` streams; their sales move money on account streams. */
export interface MarketplaceEvents {
  ListingCreated: {
    listingId: string;
    agentId: string;
    owner: string;
    kind: 'tool';
    /** The registry tool a call runs, with `params` under the buyer's input. */
    tool: string;
    params: Record<string, unknown>;
    title: string;
    description: string;
    priceMicros: number;
  };
  ListingDelisted: { listingId: string; agentId: string };
}
