import type { Config } from '../../schema/config';

export interface RetryPolicy {
  readonly firstMs: number;
  readonly maxIntervalMs: number;
  readonly windowMs: number;
}

export function retryPolicyOf(config: Pick<Config, 'webhookRetryFirstMs' | 'webhookRetryMaxIntervalMs' | 'webhookRetryWindowSeconds'>): RetryPolicy {
  return { firstMs: config.webhookRetryFirstMs, maxIntervalMs: config.webhookRetryMaxIntervalMs, windowMs: config.webhookRetryWindowSeconds * 1000 };
}

/**
 * The wait after `failedAttempts` failures: doubling from firstMs, capped at maxIntervalMs; null once the next
 * attempt would land after the window (by default 10 s, 20 s, 40 s … 6 h, for 3 days: about 22 attempts).
 */
export function nextRetryDelay(policy: RetryPolicy, failedAttempts: number, elapsedMs: number): number | null {
  const delay = Math.min(policy.maxIntervalMs, policy.firstMs * 2 ** Math.max(0, failedAttempts - 1));
  return elapsedMs + delay <= policy.windowMs ? delay : null;
}
