import { type Address, formatUnits } from 'viem';
import type { ExactPayment, Payment, UptoPayment } from './decodePayment';
import { recoverPermit2Signer, UPTO_PROXY_ADDRESS } from './permit2';
import { refuse, type Verdict } from './refusal';
import type { PaymentRequirements } from './requirements';
import { recoverAuthorizer } from './transferAuthorization';

export interface CheckOptions {
  /** The moment of verification: the caller's clock (or the moment a retried call first began). */
  readonly now: Date;
  /** The authorization must stay valid this many seconds past `now`, so the transfer lands in time. */
  readonly expiryMarginSeconds?: number;
}

export const DEFAULT_EXPIRY_MARGIN_SECONDS = 6;

const usdc = (units: bigint) => `${formatUnits(units, 6)} USDC`;

/**
 * Everything about a payment that can be decided without the chain or a nonce record: it is for
 * this scheme, network, token and (v2) endpoint, signed by its `from`, to our payee, for at least the price, and
 * valid now. What binds a payment to an endpoint: the EIP-3009 signature covers payer, payee, amount, validity
 * and nonce, never the URL. A v2 payload names the resource it accepted, which must be the endpoint called, so an
 * honest client's payment for one endpoint cannot pay another of the same price; v1 payloads name none, so a v1
 * payment pays any endpoint of at most its amount. Neither is signed: whoever holds an unused payment header can
 * spend it (once, its nonce is claimed), as with any bearer instrument. Cheapest and least revealing checks first; the signature before the fields it covers,
 * so a refusal for payee or amount is about what the payer really signed. An `upto` payment is checked the same way
 * against its maximum: the amount it authorises must cover `requirements.amount` (the most the call can cost when it
 * is offered, the actual cost when it is settled).
 */
export async function checkAuthorization(payment: Payment, requirements: PaymentRequirements, options: CheckOptions): Promise<Verdict> {
  const now = BigInt(Math.floor(options.now.getTime() / 1000));
  const margin = BigInt(options.expiryMarginSeconds ?? DEFAULT_EXPIRY_MARGIN_SECONDS);

  if (payment.scheme !== requirements.scheme) {
    return refuse('unsupported_scheme', `the "${payment.scheme}" scheme is not accepted here; pay with "${requirements.scheme}"`);
  }
  if (payment.network !== requirements.network) {
    return refuse('wrong_network', `the payment is for network ${payment.network}; this service is paid on ${requirements.network}`);
  }
  if (payment.x402Version === 2 && payment.resource !== requirements.resource) {
    return refuse(
      'wrong_resource',
      payment.resource === null
        ? `a v2 payment must say what it pays for (resource.url); this call is ${requirements.resource}`
        : `the payment is for ${payment.resource}; this call is ${requirements.resource}`,
    );
  }
  if (payment.asset !== null && payment.asset !== requirements.asset) {
    return refuse('wrong_asset', `the payment is in token ${payment.asset}; this service is paid in ${requirements.asset}`);
  }
  const signed = payment.kind === 'eip3009' ? await checkTransfer(payment, requirements) : await checkPermit(payment, requirements);
  if (!signed.ok) return signed;
  const payer = payment.payer;
  if (payment.maxAmount < requirements.amount) {
    return refuse('insufficient_amount', `the payment authorises ${usdc(payment.maxAmount)}; this call costs ${usdc(requirements.amount)}`, payer);
  }
  if (payment.validAfter > now) {
    return refuse('not_yet_valid', `the authorization is valid only after ${isoSeconds(payment.validAfter)}; it is now ${isoSeconds(now)}`, payer);
  }
  if (payment.validBefore <= now + margin) {
    return refuse(
      'expired',
      `the authorization expired at ${isoSeconds(payment.validBefore)} (it must stay valid ${margin} s past ${isoSeconds(now)}); sign a new payment`,
      payer,
    );
  }
  return { ok: true, payer, amount: payment.maxAmount };
}

/** An EIP-3009 authorization: signed by `from` in the token's domain, to the payee. */
async function checkTransfer(payment: ExactPayment, requirements: PaymentRequirements): Promise<Verdict> {
  const { authorization } = payment;
  const signer = await recoverAuthorizer(requirements, authorization, payment.signature);
  if (signer !== authorization.from) {
    return refuse(
      'invalid_signature',
      `the signature is not ${authorization.from}'s authorization of this transfer for token ${requirements.asset} on chain ${requirements.chainId} (EIP-712 domain "${requirements.assetName}" version "${requirements.assetVersion}")`,
    );
  }
  if (authorization.to !== requirements.payTo) {
    return refuse('wrong_payee', `the payment goes to ${authorization.to}; pay ${requirements.payTo}`, authorization.from);
  }
  return { ok: true, payer: authorization.from, amount: authorization.value };
}

/**
 * A Permit2 witness transfer: of our token, spendable by the upto proxy only, signed by `from` in Permit2's domain,
 * paying our payee, and settled by the facilitator the requirements name (the proxy lets no one else choose the amount).
 */
async function checkPermit(payment: UptoPayment, requirements: PaymentRequirements): Promise<Verdict> {
  const { permit } = payment;
  if (permit.permitted.token !== requirements.asset) {
    return refuse('wrong_asset', `the permit is for token ${permit.permitted.token}; this service is paid in ${requirements.asset}`);
  }
  if (permit.spender !== UPTO_PROXY_ADDRESS) {
    return refuse('wrong_spender', `the permit lets ${permit.spender} spend; upto payments are spent by the x402 upto proxy ${UPTO_PROXY_ADDRESS}`);
  }
  const signer = await recoverPermit2Signer(requirements.chainId, permit, payment.signature);
  if (signer !== permit.from) {
    return refuse('invalid_signature', `the signature is not ${permit.from}'s Permit2 witness transfer on chain ${requirements.chainId}`);
  }
  if (permit.witness.to !== requirements.payTo) {
    return refuse('wrong_payee', `the payment goes to ${permit.witness.to}; pay ${requirements.payTo}`, permit.from);
  }
  const facilitator: Address | undefined = requirements.facilitator;
  if (facilitator === undefined || permit.witness.facilitator !== facilitator) {
    return refuse(
      'wrong_facilitator',
      `the permit names ${permit.witness.facilitator} to settle it; ${facilitator ? `this service settles through ${facilitator}` : 'this service names no upto facilitator'}`,
      permit.from,
    );
  }
  return { ok: true, payer: permit.from, amount: permit.permitted.amount };
}

function isoSeconds(seconds: bigint): string {
  const ms = Number(seconds) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${seconds} (unix seconds)`;
}
