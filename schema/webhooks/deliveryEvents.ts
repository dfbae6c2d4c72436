/** One outgoing message on its `delivery-<deliveryId>` stream: what is sent, every attempt, and how it ended. */
export interface DeliveryEvents {
  DeliveryScheduled: {
    deliveryId: string;
    accountId: string;
    kind: 'notification' | 'job_callback' | 'task_subscription';
    webhookId?: string;
    jobId?: string;
    subscriptionId?: string;
    event: string;
    eventId: string;
    url: string;
    payload: Record<string, unknown>;
  };
  /** statusCode is null when no HTTP answer came (refused address, connection error, time-out). */
  DeliveryAttempted: { deliveryId: string; attempt: number; statusCode: number | null; durationMs: number; error?: string; nextAttemptAt?: string };
  DeliverySucceeded: { deliveryId: string; attempts: number };
  DeliveryFailed: { deliveryId: string; attempts: number; reason: string };
}
