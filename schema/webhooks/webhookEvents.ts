import type { NotificationEvent } from './notifications';

/**
 * Outbound notification endpoints on `webhook-<webhookId>` streams. No secret is recorded: each webhook's
 * signing secret is derived from WEBHOOK_SIGNING_KEY and its id, so the log holds nothing a reader could sign with.
 */
export interface WebhookEvents {
  WebhookRegistered: {
    webhookId: string;
    accountId: string;
    keyId: string;
    url: string;
    events: NotificationEvent[];
    /** low_balance fires when a reservation takes the balance below this; absent: the service-wide threshold. */
    thresholdMicros?: number;
    /** free_tier_exhausted is about a client IP, so it goes to the webhooks registered from that IP. */
    registeredFromIp: string;
  };
  WebhookDeleted: { webhookId: string; accountId: string };
}
