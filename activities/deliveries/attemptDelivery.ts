import type { AttemptOutcome, DeliverySigner } from '../../schema/deliveries';
import { type DomainEvent, event, streams } from '../../schema/events';
import type { Clock } from '../billing/clock';
import { type EventStore, readStream, type StoredEvent, type StoredEventOf } from '../eventStore';
import type { SafeFetch } from '../net/safeFetch';
import { LIVE_SCHEMA } from '../projections';
import { nextRetryDelay, type RetryPolicy } from './retrySchedule';
import { sendSigned } from './sendSigned';
import { signingSecret } from './signingSecret';

export interface DeliveryDeps {
  readonly store: EventStore;
  readonly fetch: SafeFetch;
  readonly clock: Clock;
  readonly retry: RetryPolicy;
  readonly signingKey: string;
}

/**
 * Makes attempt number `attempt` of a delivery and records it (status code, duration, error) with what comes
 * next: success, a retry time, or giving up. An attempt already recorded (the activity retried after its
 * commit) is answered from the log instead of being sent again.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string, attempt: number): Promise<AttemptOutcome> {
  const stream = streams.delivery(deliveryId);
  const history = await readStream(deps.store.db, stream);
  const scheduled = history.find((e): e is StoredEventOf<'DeliveryScheduled'> => e.type === 'DeliveryScheduled');
  if (!scheduled) throw new Error(`delivery ${deliveryId} was never scheduled`);
  const recorded = outcomeInLog(history, attempt, deps.clock.now());
  if (recorded) return recorded;

  const { webhookId, url, payload, eventId, accountId } = scheduled.data;
  const metadata = { workflowId: `delivery-${deliveryId}`, actor: `key:${accountId}` };
  if (webhookId && !(await webhookIsLive(deps, webhookId))) {
    return record(deps, stream, history.length, [event('DeliveryFailed', { deliveryId, attempts: attempt - 1, reason: 'the webhook was deleted' })], metadata, {
      done: true,
      delivered: false,
      attempts: attempt - 1,
    });
  }

  const now = deps.clock.now();
  const signer: DeliverySigner = scheduled.data.jobId ? { kind: 'job', id: scheduled.data.jobId } : { kind: 'webhook', id: webhookId ?? '' };
  const sent = await sendSigned(deps.fetch, {
    url,
    body: JSON.stringify(payload),
    secret: signingSecret(deps.signingKey, signer),
    event: scheduled.data.event,
    eventId,
    deliveryId,
    attempt,
    unixSeconds: Math.floor(now.getTime() / 1000),
  });
  const tried = { deliveryId, attempt, statusCode: sent.statusCode, durationMs: sent.durationMs, ...(sent.error ? { error: sent.error } : {}) };

  if (!sent.error) {
    return record(deps, stream, history.length, [event('DeliveryAttempted', tried), event('DeliverySucceeded', { deliveryId, attempts: attempt })], metadata, {
      done: true,
      delivered: true,
      attempts: attempt,
    });
  }
  const delay = sent.refused ? null : nextRetryDelay(deps.retry, attempt, deps.clock.now().getTime() - scheduled.recordedAt.getTime());
  if (delay === null) {
    const reason = sent.refused ? sent.error : `gave up after ${attempt} attempts: ${sent.error}`;
    return record(
      deps,
      stream,
      history.length,
      [event('DeliveryAttempted', tried), event('DeliveryFailed', { deliveryId, attempts: attempt, reason })],
      metadata,
      {
        done: true,
        delivered: false,
        attempts: attempt,
      },
    );
  }
  const nextAttemptAt = new Date(deps.clock.now().getTime() + delay).toISOString();
  return record(deps, stream, history.length, [event('DeliveryAttempted', { ...tried, nextAttemptAt })], metadata, {
    done: false,
    retryInMs: delay,
    attempts: attempt,
  });
}

async function record(
  deps: DeliveryDeps,
  stream: string,
  version: number,
  events: DomainEvent[],
  metadata: Record<string, string>,
  outcome: AttemptOutcome,
): Promise<AttemptOutcome> {
  // Only this delivery's workflow writes here; a conflict means a duplicate activity run, which Temporal retries.
  await deps.store.append(stream, events, { expectedVersion: version, metadata });
  return outcome;
}

function outcomeInLog(history: readonly StoredEvent[], attempt: number, now: Date): AttemptOutcome | null {
  const attempts = history.filter((e) => e.type === 'DeliveryAttempted').length;
  const finished = history.find((e) => e.type === 'DeliverySucceeded' || e.type === 'DeliveryFailed');
  if (finished) return { done: true, delivered: finished.type === 'DeliverySucceeded', attempts };
  const same = history.find((e): e is StoredEventOf<'DeliveryAttempted'> => e.type === 'DeliveryAttempted' && e.data.attempt === attempt);
  if (!same) return null;
  return { done: false, retryInMs: Math.max(0, new Date(same.data.nextAttemptAt ?? now).getTime() - now.getTime()), attempts };
}

async function webhookIsLive(deps: DeliveryDeps, webhookId: string): Promise<boolean> {
  const row = await deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('webhooks').select('webhook_id').where('webhook_id', '=', webhookId).executeTakeFirst();
  return row !== undefined;
}
