import { grantCredit } from '../../activities/accounts/grantCredit';
import { findKey } from '../../activities/accounts/findKey';
import { InvalidAmount, microsToUsd, usdToMicros } from '../../schema/money';
import { BadRequest, NotFound, Unauthorized } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { isAdminToken } from './adminToken';

/** POST /auth/topup: an operator adds credit to a key. Every cent is a CreditGranted event naming the request. */
export const topup: InlineHandler = async (input, { deps, state, docs, header }) => {
  const { config, store } = deps;
  if (!isAdminToken(header('X-Admin-Token'), config.adminToken)) {
    throw new Unauthorized('operator token required', 'Send the operator token as X-Admin-Token, or buy credit with POST /credits/buy.');
  }
  let amount;
  try {
    amount = usdToMicros(input.amount_usd as number);
  } catch (error) {
    if (error instanceof InvalidAmount)
      throw new BadRequest('amount_usd must have at most 6 decimals', 'USDC has 6 decimals: 0.000001 is the smallest amount.', docs);
    throw error;
  }
  const key = await findKey(store.db, input.key as string);
  if (!key) throw new NotFound('no such key', null, docs);
  const balance = await grantCredit(store, { accountId: key.account_id, amount, reason: 'topup', reference: state.requestId, actor: 'operator' });
  return { key: key.masked, added_usd: microsToUsd(amount), balance_usd: microsToUsd(balance) };
};
