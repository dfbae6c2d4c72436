import { micros } from '../money';
import { object } from '../registry/fields';
import type { JsonSchema } from '../registry/types';

/** What the account feature's entries share: the inline preset, amounts, and a key as its holder sees it. */
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;

export const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'account' } as const;
export const usd = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 10_000,
  description: 'US dollars, at most 6 decimals (USDC precision).',
} as const satisfies JsonSchema;

export const dateTime = { type: 'string', format: 'date-time' } as const;
export const usdOrNull = { type: ['number', 'null'] } as const;
export const keyId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$', description: "The key's id (GET /auth/keys lists them)." } as const;

/** A spend limit's window: what is spent in it, what is left (null: no limit), and when it starts again (UTC). */
export const spendWindow = object({ spent_usd: num, remaining_usd: usdOrNull, resets_at: dateTime }, ['spent_usd', 'remaining_usd', 'resets_at']);

/** A key's limits and what is left of them now. */
export const keyLimits = object(
  {
    daily_limit_usd: usdOrNull,
    monthly_limit_usd: usdOrNull,
    rpm: { type: ['integer', 'null'], description: "Requests per minute; null: the deployment's KEY_RATE_LIMIT_PER_MINUTE." },
    allowed_tools: { type: ['array', 'null'], items: { type: 'string' }, description: 'Groups or paths the key may call; null: all.' },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    daily: spendWindow,
    monthly: spendWindow,
  },
  ['daily_limit_usd', 'monthly_limit_usd', 'rpm', 'allowed_tools', 'expires_at', 'daily', 'monthly'],
);

/** A key as its account's holder (or the operator) sees it: never its secret. */
export const keyView = object(
  {
    key_id: { type: 'string' },
    masked: { type: 'string', description: 'Enough of the current secret to recognise it.' },
    label: { type: ['string', 'null'] },
    status: { enum: ['active', 'expired', 'revoked'] },
    created_at: dateTime,
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time', description: 'Its last paid call.' },
    spent_usd: { type: 'number', description: 'Charged in all.' },
    manage_keys: { type: 'boolean' },
    limits: keyLimits,
    previous_secrets: {
      type: 'array',
      description: 'Rotated-out secrets still in their grace period.',
      items: object({ masked: { type: 'string' }, works_until: dateTime }, ['masked', 'works_until']),
    },
    calling: { type: 'boolean', description: 'The key this request was sent with.' },
  },
  ['key_id', 'masked', 'label', 'status', 'created_at', 'revoked_at', 'last_used_at', 'spent_usd', 'manage_keys', 'limits', 'previous_secrets'],
);
