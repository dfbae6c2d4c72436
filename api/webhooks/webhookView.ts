import type { WebhookRow } from '../../core/webhooks/webhooksProjection';
import { microsToUsd } from '../../schema/money';

export function webhookView(row: WebhookRow) {
  return {
    id: row.webhook_id,
    url: row.url,
    events: row.events,
    threshold: row.threshold_micros === null ? null : microsToUsd(row.threshold_micros),
    created_at: row.created_at.toISOString(),
  };
}
