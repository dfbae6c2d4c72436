import type { SearchAttributePair } from '@temporalio/common';
import { searchAttributes } from '../searchAttributes';

/** Whose secret signs a delivery: a registered webhook's, the async job's own, or a task subscription's (each shown once). */
export type DeliverySigner =
  | { readonly kind: 'webhook'; readonly id: string }
  | { readonly kind: 'job'; readonly id: string }
  | { readonly kind: 'task-subscription'; readonly id: string };

/** One message to send to one URL, as the `webhookDelivery` workflow `delivery-<deliveryId>` receives it. */
export interface DeliveryRequest {
  readonly deliveryId: string;
  readonly accountId: string;
  readonly kind: 'notification' | 'job_callback' | 'task_subscription';
  readonly webhookId?: string;
  readonly jobId?: string;
  readonly subscriptionId?: string;
  /** Event name sent in X-Webhook-Event: a notification name, `test`, or `job.completed` / `job.failed`. */
  readonly event: string;
  /** Stable across retries (and across webhooks for one source event): receivers dedupe on it. */
  readonly eventId: string;
  readonly url: string;
  readonly payload: Record<string, unknown>;
}

/** What one attempt decided: stop (delivered or given up), or try again after a wait. */
export type AttemptOutcome =
  | { readonly done: true; readonly delivered: boolean; readonly attempts: number }
  | { readonly done: false; readonly retryInMs: number; readonly attempts: number };

/** How an operator finds deliveries in the Temporal UI: `Tool = "webhook-delivery" AND Payer = "key:<account>"`. */
export function deliverySearchAttributes(request: Pick<DeliveryRequest, 'accountId'>): SearchAttributePair[] {
  return [
    { key: searchAttributes.tool, value: 'webhook-delivery' },
    { key: searchAttributes.payer, value: `key:${request.accountId}` },
  ];
}
