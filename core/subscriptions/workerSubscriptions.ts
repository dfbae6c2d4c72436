import { coreFeatures } from '../features';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { asyncProjections } from '../projections/allProjections';
import { asyncProjectionHandler } from '../projections/asyncProjectionHandler';
import { searchVectorTrigger } from '../searchByMeaning/searchVectorTrigger';
import { type ReactionDeps, subscriptionsOf } from './reactions';
import type { SubscriptionHandler } from './subscriber';

/**
 * What a worker's subscriber runs: the asynchronous read models first, then every feature's reactions by
 * subscription (core/<feature>/feature.ts) and search by meaning's embedding of what was written. Last, because they
 * need Temporal, and an outage there must not hold the read models back.
 */
export function workerSubscriptions(deps: ReactionDeps): SubscriptionHandler[] {
  const reactions = [...coreFeatures.values()].flatMap((feature) => feature.reactions?.(deps) ?? []);
  return [...asyncProjections.map((p) => asyncProjectionHandler(p, LIVE_SCHEMA)), ...subscriptionsOf(reactions), searchVectorTrigger(deps)];
}
