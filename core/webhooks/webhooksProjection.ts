import type { NotificationEvent } from '../../schema/webhooks/notifications';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface WebhookRow {
  webhook_id: string;
  account_id: string;
  url: string;
  events: NotificationEvent[];
  threshold_micros: number | null;
  registered_from_ip: string;
  created_at: Date;
}

type WebhookEvent = StoredEventOf<'WebhookRegistered' | 'WebhookDeleted'>;

/** Live webhook registrations. Inline: a reservation reads their low-balance thresholds in its own transaction. */
export const webhooks: Projection<WebhookRow> = {
  name: 'webhooks',
  version: 1,
  mode: 'inline',
  table: 'webhooks',
  columns: {
    webhook_id: 'text',
    account_id: 'text',
    url: 'text',
    events: 'jsonb',
    threshold_micros: 'bigint',
    registered_from_ip: 'text',
    created_at: 'timestamptz',
  },
  key: ['webhook_id'],
  indexes: [['account_id']],
  handles: ['WebhookRegistered', 'WebhookDeleted'],
  keysOf: (event) => [{ webhook_id: (event as WebhookEvent).data.webhookId }],
  initial: (key, event) => ({
    webhook_id: key.webhook_id as string,
    account_id: '',
    url: '',
    events: [],
    threshold_micros: null,
    registered_from_ip: '',
    created_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as WebhookEvent;
    if (event.type === 'WebhookDeleted') return null;
    const { accountId, url, events, thresholdMicros, registeredFromIp } = event.data;
    return {
      ...row,
      account_id: accountId,
      url,
      events,
      threshold_micros: thresholdMicros ?? null,
      registered_from_ip: registeredFromIp,
      created_at: event.recordedAt,
    };
  },
};
