/**
 * x402 names networks two ways: v2 uses CAIP-2 (`eip155:8453`), v1 used short names (`base`).
 * Internally every network is CAIP-2; v1 names exist only at the edge.
 */
export type Caip2Network = `eip155:${number}`;

// The v1 names of the EVM networks the official v1 clients know, as they spell them.
const V1_NAMES: Readonly<Record<string, number>> = {
  base: 8453,
  'base-sepolia': 84532,
  avalanche: 43114,
  'avalanche-fuji': 43113,
  polygon: 137,
  'polygon-amoy': 80002,
  abstract: 2741,
  'abstract-testnet': 11124,
  iotex: 4689,
  sei: 1329,
  'sei-testnet': 1328,
  peaq: 3338,
  story: 1514,
  educhain: 41923,
};

const CAIP2 = /^eip155:([1-9]\d{0,15})$/;

export function isCaip2Network(network: string): network is Caip2Network {
  return CAIP2.test(network);
}

/** The chain id inside `eip155:<id>`; null for anything else. */
export function chainIdOf(network: string): number | null {
  const match = CAIP2.exec(network);
  return match?.[1] ? Number(match[1]) : null;
}

export function caip2(chainId: number): Caip2Network {
  return `eip155:${chainId}`;
}

/** `base` → `eip155:8453`; a CAIP-2 id is returned as it is; an unknown name stays as written so a check can name it. */
export function fromV1Network(name: string): string {
  if (isCaip2Network(name)) return name;
  const chainId = V1_NAMES[name];
  return chainId === undefined ? name : caip2(chainId);
}

/** `eip155:8453` → `base`; a chain without a v1 name has no v1 view, and null says so. */
export function toV1Network(network: string): string | null {
  const chainId = chainIdOf(network);
  if (chainId === null) return null;
  return Object.entries(V1_NAMES).find(([, id]) => id === chainId)?.[0] ?? null;
}
