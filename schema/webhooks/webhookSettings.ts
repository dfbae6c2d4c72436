import type { Setting } from '../settings/setting';

/** Settings of webhooks: signing and delivery (schema/config.ts gathers the groups). */
export const webhookSettings = {
  webhookSigningKey: {
    env: 'WEBHOOK_SIGNING_KEY',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-webhook-signing-key-not-for-production'),
    doc: "Master key each webhook's and async job's signing secret is derived from (HMAC-SHA256 of its id), so no secret is stored. Required (≥ 32 characters) in production; changing it changes every secret.",
  },
  webhookRetryFirstMs: {
    env: 'WEBHOOK_RETRY_FIRST_MS',
    kind: 'int',
    default: '10000',
    doc: 'Wait before the second attempt of a failed webhook or callback delivery; each later wait doubles.',
  },
  webhookRetryMaxIntervalMs: {
    env: 'WEBHOOK_RETRY_MAX_INTERVAL_MS',
    kind: 'int',
    default: '21600000',
    doc: 'Longest wait between two delivery attempts (6 hours).',
  },
  webhookRetryWindowSeconds: {
    env: 'WEBHOOK_RETRY_WINDOW_SECONDS',
    kind: 'int',
    default: '259200',
    doc: 'How long a delivery keeps being retried before it is given up (3 days).',
  },
  webhookTimeoutSeconds: { env: 'WEBHOOK_TIMEOUT_SECONDS', kind: 'int', default: '10', doc: 'How long one delivery attempt waits for the receiver to answer.' },
} as const satisfies Record<string, Setting>;
