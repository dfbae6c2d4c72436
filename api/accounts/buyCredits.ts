import { generateApiKey, hashApiKey, keyIdOf, maskApiKey } from '../../core/accounts/apiKey';
import { InvalidAmount, type Micros, microsToUsd, usdToMicros } from '../../schema/money';
import { BadRequest } from '../errors/httpErrors';
import type { accountTools } from '../../schema/registry/families/accounts';
import type { HandlerFor } from '../inline/inlineHandler';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import { purchaseCredit } from './purchaseCredit';

export function parseAmount(value: unknown, docs: string): Micros {
  try {
    return usdToMicros(value as number);
  } catch (error) {
    if (error instanceof InvalidAmount)
      throw new BadRequest('amount_usd must have at most 6 decimals', 'USDC has 6 decimals: 0.000001 is the smallest amount.', docs);
    throw error;
  }
}

/**
 * POST /credits/buy: credit is paid on chain with x402 and lands on a new key, returned in `key`. Without a
 * payment the answer is the 402 saying how much and to whom; credit is never minted for free.
 */
export const buyCredits: HandlerFor<typeof accountTools, 'credits/buy'> = async (input, { deps, state, docs, headers, setHeader }) => {
  const amount = parseAmount(input.amount_usd, docs);
  const offer = offerFor(deps, '/credits/buy', `Prepaid credit of ${microsToUsd(amount)} USD`);
  if (!paymentHeaderOf(headers)) throw paymentRequired(offer, 'payment required: pay the amount with x402 to receive a key holding it', amount, null);

  // The secret never leaves the API: the workflow only ever sees its hash.
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const keyId = keyIdOf(keyHash);
  const { label } = input;
  const purchased = await purchaseCredit(
    deps,
    state,
    offer,
    headers,
    amount,
    { kind: 'new-key', keyId, keyHash, masked: maskApiKey(key), label, ip: state.clientIp },
    docs,
  );
  if (purchased.accountId !== keyId) {
    throw new BadRequest(
      'this purchase was completed by an earlier request, whose answer held the key',
      'Keys are shown once; send a new request (new X-Request-Id) to buy again.',
      docs,
    );
  }
  for (const [name, value] of Object.entries(purchased.receiptHeaders)) setHeader(name, value);
  return {
    key,
    key_id: keyId,
    credited_usd: microsToUsd(purchased.creditedMicros),
    balance_usd: microsToUsd(purchased.balanceMicros),
    note: 'Store this key now: only its hash is kept.',
  };
};
