import { InvalidAmount, usdToMicros } from '../../schema/money';
import { BadRequest } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { paymentRequired } from '../payments/paymentRequired';

/** POST /credits/buy: credit is paid on chain with x402 (the 402 tells how much and to whom); never minted for free. */
export const buyCredits: InlineHandler = async (input, { deps, docs }) => {
  let amount;
  try {
    amount = usdToMicros(input.amount_usd as number);
  } catch (error) {
    if (error instanceof InvalidAmount)
      throw new BadRequest('amount_usd must have at most 6 decimals', 'USDC has 6 decimals: 0.000001 is the smallest amount.', docs);
    throw error;
  }
  const { config } = deps;
  throw paymentRequired(
    { config, resource: `${config.publicBaseUrl}/credits/buy`, description: `Prepaid credit of ${amount / 1e6} USD` },
    'payment required: pay the amount with x402 to receive a key holding it',
    amount,
    null,
  );
};
