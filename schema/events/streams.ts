import { features, type Features } from '../features';
import type { UnionToIntersection } from '../schemaFeature';

/** The ledger's streams: `<category>-<id>`. */
const coreStreams = {
  account: (accountId: string) => `account-${accountId}`,
  key: (keyId: string) => `key-${keyId}`,
  call: (callId: string) => `call-${callId}`,
  freeTier: (ip: string, day: string) => `freetier-${ip}-${day}`,
  trialClaims: (ip: string, day: string) => `trialclaims-${ip}-${day}`,
  x402Nonce: (nonce: string) => `x402nonce-${nonce.toLowerCase()}`,
  siweNonce: (nonce: string) => `siwe-${nonce}`,
} as const;

type FeatureStreams = UnionToIntersection<
  { [F in keyof Features]: Features[F] extends { readonly streams: infer S } ? S : Record<never, never> }[keyof Features]
>;

/** Stream names, `<category>-<id>`: the ledger's and every feature's (schema/<feature>/feature.ts). */
export const streams = Object.assign(
  {},
  coreStreams,
  ...Object.values(features).map((feature) => ('streams' in feature ? feature.streams : {})),
) as typeof coreStreams & FeatureStreams;
