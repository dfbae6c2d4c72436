import { inline, num, usd } from './accountShapes';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

/** Credit: an operator's or an x402 top-up of a key, and prepaid credit bought with x402 on a new key. */
export const creditTools = [
  {
    ...inline,
    name: 'auth/topup',
    title: 'Top up a key',
    errorStatuses: [402, 404],
    path: '/auth/topup',
    method: 'POST',
    access: 'key-or-operator',
    summary:
      'Add credit to the key the request is sent with, paid with x402 (402 for the amount, then the paid retry credits it); the operator credits any key with X-Admin-Token',
    input: object(
      {
        amount_usd: usd,
        key: {
          type: 'string',
          minLength: 8,
          description: 'Operator only (X-Admin-Token): the key to credit. A key holder names none: the key in Authorization is the one credited.',
        },
      },
      ['amount_usd'],
    ),
    output: object(
      {
        key: { type: 'string', description: 'masked' },
        key_id: { type: 'string' },
        added_usd: { type: 'number' },
        balance_usd: { type: 'number' },
        discount: object({ active: { type: 'boolean' }, percent: { type: 'number' }, from_balance_usd: { type: 'number' } }, [
          'active',
          'percent',
          'from_balance_usd',
        ]),
        paid_with: { const: 'x402' },
      },
      ['key', 'added_usd', 'balance_usd'],
    ),
    example: { amount_usd: 5 },
  },
  {
    ...inline,
    name: 'credits/buy',
    title: 'Buy credit with x402',
    errorStatuses: [402],
    path: '/credits/buy',
    method: 'POST',
    access: 'open',
    summary: 'Buy credit with an x402 USDC payment; returns a new key in `key`',
    input: object({ amount_usd: usd, label: { type: 'string', maxLength: 100 } }, ['amount_usd']),
    aliases: { name: 'label' },
    output: object({ key: { type: 'string' }, balance_usd: { type: 'number' } }, ['key', 'balance_usd']),
  },
  {
    ...inline,
    name: 'buy-credits',
    title: 'Prices and ways to pay',
    path: '/buy-credits',
    method: 'GET',
    access: 'open',
    keyInQuery: true,
    summary:
      'Prices and the ways to pay (HTML); with ?amount_usd= it buys that much credit with x402 (a browser gets the x402 paywall): for the key in ?key= or Authorization, else on a new key',
    input: object({
      amount_usd: { ...usd, description: 'Credit to buy, in US dollars (at most 6 decimals): answered 402 for that amount, then the paid retry credits it.' },
      label: { type: 'string', maxLength: 100, description: 'A label for the new key (when no key is sent).' },
    }),
    // Without amount_usd the answer is the prices page (text/html); a paid purchase answers JSON.
    output: object(
      {
        key: { type: 'string', description: 'The new key (shown once), or the masked key that was credited.' },
        key_id: { type: 'string' },
        credited_usd: { ...num, description: 'A new key: what it holds (as POST /credits/buy answers).' },
        added_usd: { ...num, description: 'A key sent: what was added to it (as POST /auth/topup answers).' },
        balance_usd: num,
      },
      ['key', 'key_id', 'balance_usd'],
    ),
    contentType: 'text/html',
  },
  {
    ...inline,
    name: 'buy-credits/purchase',
    title: 'Buy credit (tutorial form)',
    path: '/buy-credits',
    method: 'POST',
    access: 'open',
    summary: 'Buy credit (tutorial form of /credits/buy): payment_method "x402" answers 402, then the paid retry returns a new key',
    input: object(
      { amount_usd: usd, payment_method: { type: 'string', minLength: 1, maxLength: 50, default: 'x402' }, label: { type: 'string', maxLength: 100 } },
      ['amount_usd'],
    ),
    aliases: { name: 'label', method: 'payment_method' },
    output: object({ key: { type: 'string' }, balance_usd: { type: 'number' } }, ['key', 'balance_usd']),
  },
] as const satisfies readonly ToolDraft[];
