import { randomBytes } from 'node:crypto';
import { event, streams } from '../../schema/events';
import type { NotificationEvent } from '../../schema/webhooks/notifications';
import type { EventStore } from '../eventStore';

export interface WebhookRegistration {
  readonly accountId: string;
  readonly keyId: string;
  readonly url: string;
  readonly events: NotificationEvent[];
  readonly thresholdMicros?: number;
  readonly ip: string;
  readonly requestId: string;
}

export async function registerWebhook(store: EventStore, registration: WebhookRegistration): Promise<{ webhookId: string; createdAt: Date }> {
  const webhookId = `wh_${randomBytes(12).toString('hex')}`;
  const { accountId, keyId, url, events, thresholdMicros, ip, requestId } = registration;
  const appended = await store.append(
    streams.webhook(webhookId),
    [event('WebhookRegistered', { webhookId, accountId, keyId, url, events, thresholdMicros, registeredFromIp: ip })],
    { expectedVersion: 'no_stream', metadata: { requestId, ip, actor: `key:${keyId}` } },
  );
  return { webhookId, createdAt: appended.events[0]!.recordedAt };
}
