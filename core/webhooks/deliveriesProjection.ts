import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface DeliveryAttemptRecord {
  attempt: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error?: string;
}

export interface DeliveryRow {
  delivery_id: string;
  account_id: string;
  kind: string;
  webhook_id: string | null;
  job_id: string | null;
  event: string;
  event_id: string;
  url: string;
  status: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  attempt_log: DeliveryAttemptRecord[];
  failure: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

type DeliveryEvent = StoredEventOf<'DeliveryScheduled' | 'DeliveryAttempted' | 'DeliverySucceeded' | 'DeliveryFailed'>;

/** Deliveries and their attempts for GET /webhooks/deliveries. A read model, filled by the subscriber. */
export const deliveries: Projection<DeliveryRow> = {
  name: 'deliveries',
  version: 1,
  mode: 'async',
  table: 'deliveries',
  columns: {
    delivery_id: 'text',
    account_id: 'text',
    kind: 'text',
    webhook_id: 'text',
    job_id: 'text',
    event: 'text',
    event_id: 'text',
    url: 'text',
    status: 'text',
    attempts: 'integer',
    last_status_code: 'integer',
    attempt_log: 'jsonb',
    failure: 'text',
    next_attempt_at: 'timestamptz',
    created_at: 'timestamptz',
    finished_at: 'timestamptz',
  },
  key: ['delivery_id'],
  indexes: [['account_id', 'created_at']],
  handles: ['DeliveryScheduled', 'DeliveryAttempted', 'DeliverySucceeded', 'DeliveryFailed'],
  keysOf: (event) => [{ delivery_id: (event as DeliveryEvent).data.deliveryId }],
  initial: (key, event) => ({
    delivery_id: key.delivery_id as string,
    account_id: '',
    kind: '',
    webhook_id: null,
    job_id: null,
    event: '',
    event_id: '',
    url: '',
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    attempt_log: [],
    failure: null,
    next_attempt_at: null,
    created_at: event.recordedAt,
    finished_at: null,
  }),
  evolve(row, stored) {
    const event = stored as DeliveryEvent;
    switch (event.type) {
      case 'DeliveryScheduled': {
        const { accountId, kind, webhookId, jobId, eventId, url } = event.data;
        return {
          ...row,
          account_id: accountId,
          kind,
          webhook_id: webhookId ?? null,
          job_id: jobId ?? null,
          event: event.data.event,
          event_id: eventId,
          url,
          created_at: event.recordedAt,
        };
      }
      case 'DeliveryAttempted': {
        const { attempt, statusCode, durationMs, error, nextAttemptAt } = event.data;
        const record: DeliveryAttemptRecord = {
          attempt,
          at: event.recordedAt.toISOString(),
          status_code: statusCode,
          duration_ms: durationMs,
          ...(error ? { error } : {}),
        };
        return {
          ...row,
          status: nextAttemptAt ? 'retrying' : row.status,
          attempts: attempt,
          last_status_code: statusCode,
          attempt_log: [...row.attempt_log, record],
          next_attempt_at: nextAttemptAt ? new Date(nextAttemptAt) : null,
        };
      }
      case 'DeliverySucceeded':
        return { ...row, status: 'delivered', next_attempt_at: null, finished_at: event.recordedAt };
      case 'DeliveryFailed':
        return { ...row, status: 'failed', failure: event.data.reason, next_attempt_at: null, finished_at: event.recordedAt };
    }
  },
};
