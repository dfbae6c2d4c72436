import { type Address, getAddress, type Hex, isAddress, numberToHex } from 'viem';
import { decodeBase64Json, NotBase64Json } from './base64Json';
import { fromV1Network } from './network';
import type { Permit2Authorization } from './permit2';

/** An EIP-3009 TransferWithAuthorization as the payer signed it. */
export interface TransferAuthorization {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: Hex;
}

/** What every payment says, whichever way it moves the money. */
interface PaymentFields {
  readonly x402Version: 1 | 2;
  readonly scheme: string;
  /** CAIP-2 (v1 names are translated); an unknown name is kept as sent so the refusal can quote it. */
  readonly network: string;
  /** The token a v2 payment says it pays in; v1 names none (its signature's domain binds the token). */
  readonly asset: Address | null;
  /** The URL a v2 payment says it pays for (`resource.url`); v1 payloads name none. */
  readonly resource: string | null;
  readonly signature: Hex;
  /** Who signed (as the payload claims it: the signature is checked against it). */
  readonly payer: Address;
  /** What makes it spendable once: the EIP-3009 nonce, or Permit2's as 32 bytes of hex. */
  readonly nonce: Hex;
  /** The most it lets the payee take, in atomic units: exactly that (exact), or anything up to it (upto). */
  readonly maxAmount: bigint;
  readonly validAfter: bigint;
  /** The first moment (unix seconds) the chain refuses it: a transfer not mined before then never will be. */
  readonly validBefore: bigint;
  /** The `payment-identifier` extension's id (v2), when the payer sent one: its idempotency key. */
  readonly paymentId: string | null;
  /** The payload exactly as it arrived, for a remote facilitator that wants it verbatim. */
  readonly wire: Readonly<Record<string, unknown>>;
}

/** An EIP-3009 transferWithAuthorization of exactly the price (the `exact` scheme). */
export interface ExactPayment extends PaymentFields {
  readonly kind: 'eip3009';
  readonly authorization: TransferAuthorization;
}

/** A Permit2 witness transfer of at most its amount, spent through the upto proxy (the `upto` scheme). */
export interface UptoPayment extends PaymentFields {
  readonly kind: 'permit2';
  readonly permit: Permit2Authorization;
}

/** A payment from an `X-PAYMENT` (v1) or `PAYMENT-SIGNATURE` (v2) header, whichever version sent it. */
export type Payment = ExactPayment | UptoPayment;

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
  if (!isObject(payload.permit2Authorization) && !isObject(payload.authorization))
    return fail('payload.authorization is missing: EIP-3009 transferWithAuthorization (exact) and Permit2 (upto) payments are accepted');
  const signature = payload.signature;
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return fail('payload.signature must be a 0x-prefixed hex signature');
  const common = {
    x402Version: version,
    scheme,
    network: fromV1Network(network),
    asset,
    resource,
    signature: signature as Hex,
    paymentId: version === 2 ? paymentIdOf(value.extensions, fail) : null,
    wire: value,
  } as const;
  if (isObject(payload.permit2Authorization)) return { ...common, ...permit2Fields(payload.permit2Authorization, fail) };
  const authorization = payload.authorization as Record<string, unknown>;

  const address = (field: 'from' | 'to'): Address => addressField(authorization[field], `payload.authorization.${field}`, fail);
  const uint = (field: 'value' | 'validAfter' | 'validBefore'): bigint => uintField(authorization[field], `payload.authorization.${field}`, fail);
  const nonce = authorization.nonce;
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return fail('payload.authorization.nonce must be 32 bytes of hex');

  const transfer: TransferAuthorization = {
    from: address('from'),
    to: address('to'),
    value: uint('value'),
    validAfter: uint('validAfter'),
    validBefore: uint('validBefore'),
    nonce: nonce.toLowerCase() as Hex,
  };
  return {
    ...common,
    kind: 'eip3009',
    authorization: transfer,
    payer: transfer.from,
    nonce: transfer.nonce,
    maxAmount: transfer.value,
    validAfter: transfer.validAfter,
    validBefore: transfer.validBefore,
  };
}

type Fail = (what: string) => never;

/** The upto scheme's payload: `permit2Authorization` {from, permitted {token, amount}, spender, nonce, deadline, witness}. */
function permit2Fields(
  raw: Record<string, unknown>,
  fail: Fail,
): Pick<UptoPayment, 'kind' | 'permit' | 'payer' | 'nonce' | 'maxAmount' | 'validAfter' | 'validBefore'> {
  const at = 'payload.permit2Authorization';
  const permitted = isObject(raw.permitted) ? raw.permitted : fail(`${at}.permitted must be an object {token, amount}`);
  const witness = isObject(raw.witness) ? raw.witness : fail(`${at}.witness must be an object {to, facilitator, validAfter}`);
  const permit: Permit2Authorization = {
    from: addressField(raw.from, `${at}.from`, fail),
    permitted: { token: addressField(permitted.token, `${at}.permitted.token`, fail), amount: uintField(permitted.amount, `${at}.permitted.amount`, fail) },
    spender: addressField(raw.spender, `${at}.spender`, fail),
    nonce: uintField(raw.nonce, `${at}.nonce`, fail),
    deadline: uintField(raw.deadline, `${at}.deadline`, fail),
    witness: {
      to: addressField(witness.to, `${at}.witness.to`, fail),
      facilitator: addressField(witness.facilitator, `${at}.witness.facilitator`, fail),
      validAfter: uintField(witness.validAfter, `${at}.witness.validAfter`, fail),
    },
  };
  return {
    kind: 'permit2',
    permit,
    payer: permit.from,
    nonce: numberToHex(permit.nonce, { size: 32 }),
    maxAmount: permit.permitted.amount,
    validAfter: permit.witness.validAfter,
    // Permit2 refuses a transfer once the block's time is past the deadline: the deadline's second is still valid.
    validBefore: permit.deadline + 1n,
  };
}

function addressField(text: unknown, name: string, fail: Fail): Address {
  if (typeof text !== 'string' || !ADDRESS.test(text)) return fail(`${name} must be an address`);
  return getAddress(text.toLowerCase());
}

function uintField(raw: unknown, name: string, fail: Fail): bigint {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d{1,78}$/.test(text) || BigInt(text) > UINT256_MAX) return fail(`${name} must be a whole number (a decimal string)`);
  return BigInt(text);
}

const PAYMENT_ID = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The `payment-identifier` extension's id (x402's extension: 16–128 letters, digits, `-`, `_`), or null when the
 * payment carries none. An id that breaks the format is refused as the payer's mistake, not ignored: ignoring it would
 * quietly drop the idempotency the payer asked for.
 */
function paymentIdOf(extensions: unknown, fail: Fail): string | null {
  if (!isObject(extensions)) return null;
  const extension = extensions['payment-identifier'];
  if (extension === undefined) return null;
  const info = isObject(extension) && isObject(extension.info) ? extension.info : fail('extensions.payment-identifier must be an object with info');
  if (info.id === undefined) return null;
  if (typeof info.id !== 'string' || !PAYMENT_ID.test(info.id)) return fail('extensions.payment-identifier.info.id must be 16-128 letters, digits, "-" or "_"');
  return info.id;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
