import { hashApiKey } from '../../core/accounts/apiKey';
import { findKey, keyRefusal } from '../../core/accounts/findKey';
import { grantCredit } from '../../core/accounts/grantCredit';
import { availableBalance } from '../../core/ledger/availableBalance';
import { type Micros, microsToUsd } from '../../schema/money';
import type { accountTools } from '../../schema/accounts/accountTools';
import type { Caller } from '../deps';
import { BadRequest, NotFound, Unauthorized } from '../errors/httpErrors';
import type { HandlerFor, InlineContext } from '../inline/inlineHandler';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import { isAdminToken } from './adminToken';
import { discountInForce } from './discountInForce';
import { parseAmount } from './buyCredits';
import { purchaseCredit } from './purchaseCredit';

type KeyCaller = Extract<Caller, { kind: 'key' }>;

/**
 * POST /auth/topup: credit for an existing key. A key holder adds to their own key, the one the request authenticates
 * with (the key is the credential, never an input), paid with x402: a 402 for the amount, then the paid retry is settled
 * on chain and credited through the same workflow as /credits/buy. The operator (X-Admin-Token) grants credit to the
 * key named in the body. Every cent is a CreditGranted event naming the transfer or the request.
 */
export const topup: HandlerFor<typeof accountTools, 'auth/topup'> = async (input, ctx) => {
  const amount = parseAmount(input.amount_usd, ctx.docs);
  const operatorToken = ctx.header('X-Admin-Token');
  if (operatorToken) return operatorGrant(input.key, amount, operatorToken, ctx);
  const caller = ctx.state.caller;
  if (caller?.kind !== 'key') {
    throw new Unauthorized(
      'missing API key: a top-up credits the key the request is sent with',
      'Send the key to top up as "Authorization: Bearer apk_…" (or X-API-Key) and pay the amount with x402; POST /credits/buy buys a new key instead.',
    );
  }
  // Naming another key would let a payer credit (and learn about) a key that is not theirs: the credential decides.
  if (input.key !== undefined && hashApiKey(input.key) !== caller.keyHash) {
    throw new BadRequest(
      '`key` names another key than the one this request is sent with',
      'A top-up credits the key in Authorization (or X-API-Key): leave `key` out. Only the operator (X-Admin-Token) names a key in the body.',
      ctx.docs,
    );
  }
  return ownKeyTopup(caller, amount, ctx);
};

/** A key holder's own top-up paid with x402, at `resource` (POST /auth/topup, or GET /buy-credits from a browser). */
export async function ownKeyTopup(caller: KeyCaller, amount: Micros, { deps, state, docs, headers, setHeader }: InlineContext, resource = '/auth/topup') {
  const offer = offerFor(deps, resource, `Top-up of ${microsToUsd(amount)} USD to key ${caller.masked}`);
  if (!paymentHeaderOf(headers)) {
    const balance = await availableBalance(deps.store.db, caller.accountId);
    throw paymentRequired(offer, `payment required: pay ${microsToUsd(amount)} USD with x402 to add it to key ${caller.masked}`, amount, balance);
  }
  const purchased = await purchaseCredit(deps, state, offer, headers, amount, { kind: 'account', accountId: caller.accountId }, docs);
  for (const [name, value] of Object.entries(purchased.receiptHeaders)) setHeader(name, value);
  return {
    key: caller.masked,
    key_id: caller.keyId,
    added_usd: microsToUsd(purchased.creditedMicros),
    balance_usd: microsToUsd(purchased.balanceMicros),
    discount: discountInForce(purchased.balanceMicros, deps.config),
    paid_with: 'x402',
  };
}

async function operatorGrant(key: string | undefined, amount: Micros, operatorToken: string, { deps, state, docs }: InlineContext) {
  if (!isAdminToken(operatorToken, deps.config.adminToken)) {
    throw new Unauthorized(
      'invalid operator token',
      'Send the operator token as X-Admin-Token, or top up your own key: send it as Authorization and pay with x402.',
    ).withCode('invalid_api_key');
  }
  if (key === undefined) throw new BadRequest('key is required with X-Admin-Token', 'Name the key to credit in `key`.', docs);
  const found = await findKey(deps.store.db, key);
  // A key that no longer works (revoked, expired, rotated out) names no account to credit.
  if (!found || keyRefusal(found, deps.clock.now())) throw new NotFound('no such key', null, docs);
  const balance = await grantCredit(deps.store, { accountId: found.accountId, amount, reason: 'topup', reference: state.requestId, actor: 'operator' });
  return { key: found.masked, added_usd: microsToUsd(amount), balance_usd: microsToUsd(balance) };
}
