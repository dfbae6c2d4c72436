import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { decodeBase64Json, NotBase64Json } from './base64Json';
import { fromV1Network } from './network';

/** An EIP-3009 TransferWithAuthorization as the payer signed it. */
export interface TransferAuthorization {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: Hex;
}

/** A payment from an `X-PAYMENT` (v1) or `PAYMENT-SIGNATURE` (v2) header, whichever version sent it. */
export interface Payment {
  readonly x402Version: 1 | 2;
  readonly scheme: string;
  /** CAIP-2 (v1 names are translated); an unknown name is kept as sent so the refusal can quote it. */
  readonly network: string;
  /** The token a v2 payment says it pays in; v1 names none (its signature's domain binds the token). */
  readonly asset: Address | null;
  /** The URL a v2 payment says it pays for (`resource.url`); v1 payloads name none. */
  readonly resource: string | null;
  readonly authorization: TransferAuthorization;
  readonly signature: Hex;
  /** The payload exactly as it arrived, for a remote facilitator that wants it verbatim. */
  readonly wire: Readonly<Record<string, unknown>>;
}

/** The header could not be read as a payment at all: the API answers 400, not 402. */
export class UndecodablePayment extends Error {
  readonly reason = 'undecodable_payment';
}

export const PAYMENT_SIGNATURE_HEADER = 'payment-signature';
export const X_PAYMENT_HEADER = 'x-payment';

/**
 * The payment a request carries, or null when it carries none. Koa and Node give headers
 * lower-cased; when both are present the v2 header wins, as in the official clients.
 */
export function decodePaymentHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Payment | null {
  for (const name of [PAYMENT_SIGNATURE_HEADER, X_PAYMENT_HEADER]) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value.trim() === '') continue;
    let decoded: unknown;
    try {
      decoded = decodeBase64Json(value);
    } catch (error) {
      if (error instanceof NotBase64Json) throw new UndecodablePayment(`the ${name.toUpperCase()} header is ${error.message}: send base64-encoded JSON`);
      throw error;
    }
    return decodePaymentPayload(decoded, name.toUpperCase());
  }
  return null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/;
const UINT256_MAX = (1n << 256n) - 1n;

/** A payment payload already parsed from JSON (a header, or the body a facilitator receives). */
export function decodePaymentPayload(value: unknown, source = 'paymentPayload'): Payment {
  const fail = (what: string): never => {
    throw new UndecodablePayment(`${source}: ${what}`);
  };
  if (!isObject(value)) return fail('must be a JSON object');
  const version = value.x402Version;
  if (version !== 1 && version !== 2) return fail(`x402Version must be 1 or 2, not ${JSON.stringify(version)}`);

  let scheme: unknown;
  let network: unknown;
  let asset: Address | null = null;
  let resource: string | null = null;
  if (version === 1) {
    ({ scheme, network } = value);
  } else {
    const accepted = value.accepted;
    if (!isObject(accepted)) return fail('a v2 payment must say which requirements it accepted (accepted)');
    ({ scheme, network } = accepted);
    if (typeof accepted.asset !== 'string' || !isAddress(accepted.asset, { strict: false })) return fail('accepted.asset must be a token address');
    asset = getAddress(accepted.asset);
    const paidFor = value.resource;
    if (paidFor !== undefined && (!isObject(paidFor) || typeof paidFor.url !== 'string')) return fail('resource must be an object with the url paid for');
    resource = paidFor === undefined ? null : (paidFor.url as string);
  }
  if (typeof scheme !== 'string') return fail('scheme must be a string');
  if (typeof network !== 'string') return fail('network must be a string');

  const payload = value.payload;
  if (!isObject(payload)) return fail('payload must be an object');
  const authorization = payload.authorization;
  if (!isObject(authorization)) return fail('payload.authorization is missing: only EIP-3009 transferWithAuthorization payments are accepted');
  const signature = payload.signature;
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return fail('payload.signature must be a 0x-prefixed hex signature');

  const address = (field: 'from' | 'to'): Address => {
    const text = authorization[field];
    if (typeof text !== 'string' || !ADDRESS.test(text)) return fail(`payload.authorization.${field} must be an address`);
    return getAddress(text.toLowerCase());
  };
  const uint = (field: 'value' | 'validAfter' | 'validBefore'): bigint => {
    const raw = authorization[field];
    const text = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
    if (typeof text !== 'string' || !/^\d{1,78}$/.test(text) || BigInt(text) > UINT256_MAX)
      return fail(`payload.authorization.${field} must be a whole number (a decimal string)`);
    return BigInt(text);
  };
  const nonce = authorization.nonce;
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return fail('payload.authorization.nonce must be 32 bytes of hex');

  return {
    x402Version: version,
    scheme,
    network: fromV1Network(network),
    asset,
    resource,
    authorization: {
      from: address('from'),
      to: address('to'),
      value: uint('value'),
      validAfter: uint('validAfter'),
      validBefore: uint('validBefore'),
      nonce: nonce.toLowerCase() as Hex,
    },
    signature: signature as Hex,
    wire: value,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
