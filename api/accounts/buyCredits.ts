import { generateApiKey, hashApiKey, keyIdOf, maskApiKey } from '../../core/accounts/apiKey';
import { InvalidAmount, type Micros, microsToUsd, usdToMicros } from '../../schema/money';
import { BadRequest } from '../errors/httpErrors';
import type { InlineContext, InlineHandler } from '../inline/inlineHandler';
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
export const buyCredits: InlineHandler = (input, ctx) => purchaseNewKey(input, ctx, '/credits/buy');

/** Ways POST /buy-credits can be paid; the tutorial's other methods get a 400 naming these. */
export const PAYMENT_METHODS = ['x402'] as const;

/** POST /buy-credits {amount_usd, payment_method}: the tutorial's form of /credits/buy, on the path of the top-up page. */
export const buyCreditsWithMethod: InlineHandler = (input, ctx) => {
  const method = String(input.payment_method ?? 'x402').toLowerCase();
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw new BadRequest(
      `payment_method "${String(input.payment_method)}" is not supported; supported: ${PAYMENT_METHODS.join(', ')}`,
      'Pay with x402 (USDC on Base): send payment_method "x402", answer the 402 with an x402 client, and the paid retry returns your key.',
      ctx.docs,
      { supported_payment_methods: PAYMENT_METHODS },
    );
  }
  return purchaseNewKey(input, ctx, '/buy-credits');
};

export async function purchaseNewKey(input: Record<string, unknown>, { deps, state, docs, headers, setHeader }: InlineContext, resource: string) {
  const amount = parseAmount(input.amount_usd, docs);
  const offer = offerFor(deps, resource, `Prepaid credit of ${microsToUsd(amount)} USD`);
  if (!paymentHeaderOf(headers)) throw paymentRequired(offer, 'payment required: pay the amount with x402 to receive a key holding it', amount, null);

  // The secret never leaves the API: the workflow only ever sees its hash.
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const keyId = keyIdOf(keyHash);
  const label = typeof input.label === 'string' ? input.label : undefined;
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
}
