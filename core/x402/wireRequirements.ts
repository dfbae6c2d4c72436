import { isAddress } from 'viem';
import { paymentTerms } from './paymentTerms';
import { fromV1Network, isCaip2Network, toV1Network } from './network';
import type { PaymentRequirements } from './requirements';

/** v2 `PaymentRequirements` as the x402 libraries spell it (the resource travels beside it). */
export interface V2Requirements {
  scheme: 'exact';
  network: string;
  asset: string;
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
}

export interface V2Resource {
  url: string;
  description: string;
  mimeType: string;
}

/** v1 `PaymentRequirements`: v1 network names, `maxAmountRequired`, the resource inline. */
export interface V1Requirements {
  scheme: 'exact';
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: { name: string; version: string };
}

export function toV2Requirements(requirements: PaymentRequirements): V2Requirements {
  return {
    scheme: requirements.scheme,
    network: requirements.network,
    asset: requirements.asset,
    amount: requirements.amount.toString(),
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    extra: { name: requirements.assetName, version: requirements.assetVersion },
  };
}

export function toV2Resource(requirements: PaymentRequirements): V2Resource {
  return { url: requirements.resource, description: requirements.description, mimeType: requirements.mimeType };
}

/** Null when the network has no v1 name: v1 clients cannot pay there, so they are offered nothing. */
export function toV1Requirements(requirements: PaymentRequirements): V1Requirements | null {
  const network = toV1Network(requirements.network);
  if (network === null) return null;
  return {
    scheme: requirements.scheme,
    network,
    maxAmountRequired: requirements.amount.toString(),
    resource: requirements.resource,
    description: requirements.description,
    mimeType: requirements.mimeType,
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    asset: requirements.asset,
    extra: { name: requirements.assetName, version: requirements.assetVersion },
  };
}

export class InvalidRequirements extends Error {}

/**
 * Requirements sent to a facilitator (v1 or v2 form) back into our shape. v2 requirements carry no
 * resource of their own; the payment payload's `resource` supplies it when there is one.
 */
export function requirementsFromWire(value: unknown, resource?: unknown): PaymentRequirements {
  if (!isObject(value)) throw new InvalidRequirements('paymentRequirements must be an object');
  const extra = isObject(value.extra) ? value.extra : {};
  const amount = value.amount ?? value.maxAmountRequired;
  if (value.scheme !== 'exact') throw new InvalidRequirements(`only the "exact" scheme is supported, not ${JSON.stringify(value.scheme)}`);
  if (typeof amount !== 'string' || !/^\d{1,78}$/.test(amount))
    throw new InvalidRequirements('paymentRequirements.amount (or maxAmountRequired) must be a whole number of atomic units, as a string');
  const network = typeof value.network === 'string' ? fromV1Network(value.network) : '';
  if (!isCaip2Network(network))
    throw new InvalidRequirements(
      `paymentRequirements.network must be an EVM network (eip155:<chain id> or a v1 name such as base), not ${JSON.stringify(value.network)}`,
    );
  for (const field of ['asset', 'payTo'] as const) {
    const address = value[field];
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw new InvalidRequirements(`paymentRequirements.${field} must be an address`);
  }
  if (typeof extra.name !== 'string' || typeof extra.version !== 'string')
    throw new InvalidRequirements("paymentRequirements.extra must name the token's EIP-712 domain: {name, version}");
  const maxTimeoutSeconds = value.maxTimeoutSeconds;
  if (typeof maxTimeoutSeconds !== 'number' || !Number.isSafeInteger(maxTimeoutSeconds) || maxTimeoutSeconds <= 0)
    throw new InvalidRequirements('paymentRequirements.maxTimeoutSeconds must be a positive whole number');
  const described = isObject(resource) ? resource : {};
  const terms = paymentTerms({
    network,
    asset: value.asset as string,
    assetName: extra.name,
    assetVersion: extra.version,
    payTo: value.payTo as string,
    maxTimeoutSeconds,
  });
  return {
    ...terms,
    scheme: 'exact',
    amount: BigInt(amount),
    resource: stringOr(value.resource, stringOr(described.url, '')),
    description: stringOr(value.description, stringOr(described.description, '')),
    mimeType: stringOr(value.mimeType, stringOr(described.mimeType, 'application/json')),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
