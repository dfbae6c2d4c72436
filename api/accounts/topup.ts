import { findKey } from '../../core/accounts/findKey';
import { grantCredit } from '../../core/accounts/grantCredit';
import { microsToUsd } from '../../schema/money';
import { NotFound, Unauthorized } from '../errors/httpErrors';
import type { accountTools } from '../../schema/registry/families/accounts';
import type { HandlerFor } from '../inline/inlineHandler';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import { isAdminToken } from './adminToken';
import { parseAmount } from './buyCredits';
import { purchaseCredit } from './purchaseCredit';

/**
 * POST /auth/topup: credit for a key, paid by anyone with an x402 payment of the amount, or granted by the
 * operator (X-Admin-Token). Every cent is a CreditGranted event naming the request or the transfer.
 */
export const topup: HandlerFor<typeof accountTools, 'auth/topup'> = async (input, { deps, state, docs, header, headers, setHeader }) => {
  const { config, store } = deps;
  const amount = parseAmount(input.amount_usd, docs);
  const key = await findKey(store.db, input.key);
  const paying = paymentHeaderOf(headers) !== null;
  const operatorToken = header('X-Admin-Token');
  const offer = offerFor(deps, '/auth/topup', `Top-up of ${microsToUsd(amount)} USD`);
  // No credentials at all: say what to pay (x402 clients start from this 402).
  if (!paying && !operatorToken) throw paymentRequired(offer, 'payment required: pay the amount with x402, or send the operator token', amount, null);
  if (!paying && !isAdminToken(operatorToken, config.adminToken)) {
    throw new Unauthorized('invalid operator token', 'Send the operator token as X-Admin-Token, or pay the amount with an x402 client.').withCode(
      'invalid_api_key',
    );
  }
  if (!key) throw new NotFound('no such key', null, docs);

  if (paying) {
    const purchased = await purchaseCredit(deps, state, offer, headers, amount, { kind: 'account', accountId: key.account_id }, docs);
    for (const [name, value] of Object.entries(purchased.receiptHeaders)) setHeader(name, value);
    return { key: key.masked, added_usd: microsToUsd(purchased.creditedMicros), balance_usd: microsToUsd(purchased.balanceMicros), paid_with: 'x402' };
  }
  const balance = await grantCredit(store, { accountId: key.account_id, amount, reason: 'topup', reference: state.requestId, actor: 'operator' });
  return { key: key.masked, added_usd: microsToUsd(amount), balance_usd: microsToUsd(balance) };
};
