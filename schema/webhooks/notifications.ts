/** What a registered webhook can subscribe to (spec §6). `test` is what POST /webhooks/test-event sends by default. */
export const NOTIFICATION_EVENTS = ['low_balance', 'payment_received', 'free_tier_exhausted', 'agent_task'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Headers every delivery carries; receivers verify the signature and dedupe on the event id. */
export const DELIVERY_HEADERS = {
  signature: 'X-Webhook-Signature',
  eventId: 'X-Webhook-Event-Id',
  event: 'X-Webhook-Event',
  delivery: 'X-Webhook-Delivery',
  attempt: 'X-Webhook-Attempt',
} as const;

/** How a receiver checks a delivery, as documented to callers. */
export const SIGNATURE_RECIPE =
  'X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>", keyed with the whole secret string (whsec_…) shown at registration>. ' +
  'Recompute v1 over the exact bytes received, compare in constant time, and refuse a t older than 5 minutes. ' +
  'Retries resend the same body and event id (X-Webhook-Event-Id) with a fresh t and signature: dedupe on the event id.';

/** The default retry schedule, as documented to callers (WEBHOOK_RETRY_* settings change it). */
export const RETRY_SCHEDULE =
  'A delivery is accepted on any 2xx answer. Otherwise it is retried with exponential backoff, 10 s doubling up to 6 h between attempts, for 3 days ' +
  '(about 22 attempts); addresses refused by the outgoing-URL rules are not retried. GET /webhooks/deliveries lists every attempt with its status code.';
