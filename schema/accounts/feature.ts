import { schemaFeature } from '../schemaFeature';
import { accountTools } from './accountTools';

/** Keys, balances, top-ups, usage and x402 credit purchases (their events are the ledger’s: schema/events/). */
export const feature = schemaFeature()({
  tools: accountTools,
});
