import type { MarketplaceSale } from '../../schema/calls';
import type { EventMetadata } from '../../schema/events';
import type { EventStoreTransaction } from '../eventStore';
import { coreFeatures } from '../features';

/** A call being settled, as a feature recording its part sees it (inside the settling transaction). */
export interface SettledCall {
  readonly callId: string;
  /** The registry entry the call ran. */
  readonly tool: string;
  /** A marketplace call's terms, decided before it was paid for (api/marketplace/listingSaleCheck.ts). */
  readonly sale?: MarketplaceSale;
  readonly metadata: EventMetadata;
}

/**
 * What a feature records when a call settles (core/<feature>/feature.ts `onSettled`): in the same transaction as the
 * charge, so both are recorded together, once (settlement is idempotent by call id). A card payment's settlement
 * (core/ledger/settleCall.ts) and an x402 one (activities/payments/settleX402Call.ts) both run them.
 */
export type OnSettled = (tx: EventStoreTransaction, call: SettledCall) => Promise<void>;

/** The features' parts, gathered on the first settlement (not per call; the features load before any call settles). */
let parts: readonly OnSettled[] | undefined;

/** Every feature's part of a settlement, in the list's order. */
export async function recordSettledEffects(tx: EventStoreTransaction, call: SettledCall): Promise<void> {
  parts ??= [...coreFeatures.values()].flatMap((feature) => (feature.onSettled ? [feature.onSettled] : []));
  for (const part of parts) await part(tx, call);
}
