import { getAddress, isAddress } from 'viem';
import { paymentTerms } from './paymentTerms';
import { fromV1Network, isCaip2Network, toV1Network } from './network';
import type { PaymentRequirements, PaymentScheme } from './requirements';

/** v2 `PaymentRequirements` as the x402 libraries spell it (the resource travels beside it). */
export interface V2Requirements {
  scheme: PaymentScheme;
  network: string;
  asset: string;
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  /** The token's EIP-712 domain; upto adds how it is spent (Permit2) and the facilitator the payer names in its witness. */
  extra: { name: string; version: string; assetTransferMethod?: 'permit2'; facilitatorAddress?: string };
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
    extra: {
      name: requirements.assetName,
      version: requirements.assetVersion,
      ...(requirements.scheme === 'upto' ? { assetTransferMethod: 'permit2' as const, facilitatorAddress: requirements.facilitator } : {}),
    },
  };
}

export function toV2Resource(requirements: PaymentRequirements): V2Resource {
  return { url: requirements.resource, description: requirements.description, mimeType: requirements.mimeType };
}

/** Null when the network has no v1 name (v1 clients cannot pay there), or for upto (v1 has no such scheme). */
export function toV1Requirements(requirements: PaymentRequirements): V1Requirements | null {
  const network = toV1Network(requirements.network);
  if (network === null || requirements.scheme !== 'exact') return null;
  return {
    scheme: 'exact',
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
  if (value.scheme !== 'exact' && value.scheme !== 'upto')
    throw new InvalidRequirements(`only the "exact" and "upto" schemes are supported, not ${JSON.stringify(value.scheme)}`);
  const facilitator = extra.facilitatorAddress;
  if (value.scheme === 'upto' && (typeof facilitator !== 'string' || !isAddress(facilitator, { strict: false })))
    throw new InvalidRequirements('upto paymentRequirements.extra must name the facilitatorAddress that settles it');
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
    scheme: value.scheme,
    amount: BigInt(amount),
    resource: stringOr(value.resource, stringOr(described.url, '')),
    description: stringOr(value.description, stringOr(described.description, '')),
    mimeType: stringOr(value.mimeType, stringOr(described.mimeType, 'application/json')),
    ...(value.scheme === 'upto' ? { facilitator: getAddress(facilitator as string) } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
