import type { Setting } from './setting';

/** Settings of money: trial credit, discounts, the operator, metered pricing (schema/config.ts gathers the groups). */
export const moneySettings = {
  lowBalanceThreshold: {
    env: 'LOW_BALANCE_THRESHOLD_USD',
    kind: 'usd',
    default: '0.05',
    doc: 'Balance below which a low_balance event is recorded for every key (webhooks may register more thresholds).',
  },
  trialCredit: { env: 'TRIAL_CREDIT_USD', kind: 'usd', default: '0.25', doc: 'Credit on a key from /auth/generate-key.' },
  discountThreshold: { env: 'DISCOUNT_THRESHOLD_USD', kind: 'usd', default: '2.00', doc: 'Balance from which the bulk discount applies.' },
  discountPercent: { env: 'DISCOUNT_PERCENT', kind: 'int', default: '20', doc: 'Bulk discount in percent.' },
  adminToken: {
    env: 'ADMIN_TOKEN',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-admin-token'),
    doc: 'Operator token for /auth/topup and the /admin endpoints. Required (≥ 24 characters) in production.',
  },
  meteredMarkupPercent: {
    env: 'METERED_MARKUP_PERCENT',
    kind: 'int',
    default: '20',
    doc: "With X-Pricing: metered, what is added to the model's token price, in percent.",
  },
  meteredMinimumUsd: { env: 'METERED_MINIMUM_USD', kind: 'usd', default: '0.0001', doc: 'The least a metered call costs.' },
  localMeteredInputUsd: {
    env: 'LOCAL_METERED_INPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0.10',
    doc: 'Metered price of the offline local provider per million input tokens.',
  },
  localMeteredOutputUsd: {
    env: 'LOCAL_METERED_OUTPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0.40',
    doc: 'Metered price of the offline local provider per million output tokens.',
  },
} as const satisfies Record<string, Setting>;
