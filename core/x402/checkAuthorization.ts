import { formatUnits } from 'viem';
import type { Payment } from './decodePayment';
import { refuse, type Verdict } from './refusal';
import type { PaymentRequirements } from './requirements';
import { recoverAuthorizer } from './transferAuthorization';

export interface CheckOptions {
  /** The moment of verification (inject a clock in tests). */
  readonly now?: Date;
  /** The authorization must stay valid this many seconds past `now`, so the transfer lands in time. */
  readonly expiryMarginSeconds?: number;
}

export const DEFAULT_EXPIRY_MARGIN_SECONDS = 6;

/**
 * Everything about a payment that can be decided without the chain or a nonce record: it is for
 * this scheme, network, token and (v2) endpoint, signed by its `from`, to our payee, for at least the price, and
 * valid now. What binds a payment to an endpoint: the EIP-3009 signature covers payer, payee, amount, validity
 * and nonce, never the URL. A v2 payload names the resource it accepted, which must be the endpoint called, so an
 * honest client's payment for one endpoint cannot pay another of the same price; v1 payloads name none, so a v1
 * payment pays any endpoint of at most its amount. Neither is signed: whoever holds an unused payment header can
 * spend it (once, its nonce is claimed), as with any bearer instrument. Cheapest and least revealing checks first; the signature before the fields it covers,
 * so a refusal for payee or amount is about what the payer really signed.
 */
export async function checkAuthorization(payment: Payment, requirements: PaymentRequirements, options: CheckOptions = {}): Promise<Verdict> {
  const { authorization } = payment;
  const now = BigInt(Math.floor((options.now ?? new Date()).getTime() / 1000));
  const margin = BigInt(options.expiryMarginSeconds ?? DEFAULT_EXPIRY_MARGIN_SECONDS);
  const usdc = (units: bigint) => `${formatUnits(units, 6)} USDC`;

  if (payment.scheme !== requirements.scheme) {
    return refuse('unsupported_scheme', `the "${payment.scheme}" scheme is not accepted; pay with "${requirements.scheme}"`);
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
  const signer = await recoverAuthorizer(requirements, authorization, payment.signature);
  if (signer !== authorization.from) {
    return refuse(
      'invalid_signature',
      `the signature is not ${authorization.from}'s authorization of this transfer for token ${requirements.asset} on chain ${requirements.chainId} (EIP-712 domain "${requirements.assetName}" version "${requirements.assetVersion}")`,
    );
  }
  const payer = authorization.from;
  if (authorization.to !== requirements.payTo) {
    return refuse('wrong_payee', `the payment goes to ${authorization.to}; pay ${requirements.payTo}`, payer);
  }
  if (authorization.value < requirements.amount) {
    return refuse('insufficient_amount', `the payment authorises ${usdc(authorization.value)}; this call costs ${usdc(requirements.amount)}`, payer);
  }
  if (authorization.validAfter > now) {
    return refuse('not_yet_valid', `the authorization is valid only after ${isoSeconds(authorization.validAfter)}; it is now ${isoSeconds(now)}`, payer);
  }
  if (authorization.validBefore <= now + margin) {
    return refuse(
      'expired',
      `the authorization expired at ${isoSeconds(authorization.validBefore)} (it must stay valid ${margin} s past ${isoSeconds(now)}); sign a new payment`,
      payer,
    );
  }
  return { ok: true, payer, amount: authorization.value };
}

function isoSeconds(seconds: bigint): string {
  const ms = Number(seconds) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${seconds} (unix seconds)`;
}
