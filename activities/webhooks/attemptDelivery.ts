import type { AttemptOutcome, DeliverySigner } from '../../schema/webhooks/deliveries';
import { type DomainEvent, event } from '../../schema/events';
import type { Clock } from '../../core/clock/clock';
import type { EventStore, StoredEvent, StoredEventOf } from '../../core/eventStore';
import type { SafeFetch } from '../../core/net/safeFetch';
import { readDeliveryLog, recordDeliveryStep, webhookIsLive } from '../../core/webhooks/deliveryLog';
import { nextRetryDelay, type RetryPolicy } from './retrySchedule';
import { sendSigned } from './sendSigned';
import { signingSecret } from '../../core/webhooks/signingSecret';

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
  const log = await readDeliveryLog(deps.store.db, deliveryId);
  const recorded = outcomeInLog(log.history, attempt, deps.clock.now());
  if (recorded) return recorded;

  const { webhookId } = log.scheduled.data;
  const step = webhookId && !(await webhookIsLive(deps.store.db, webhookId)) ? webhookGone(deliveryId, attempt) : await send(deps, log.scheduled, attempt);
  await recordDeliveryStep(deps.store, log, step.events);
  return step.outcome;
}

async function send(deps: DeliveryDeps, scheduled: StoredEventOf<'DeliveryScheduled'>, attempt: number): Promise<Step> {
  const { deliveryId, webhookId, jobId, subscriptionId, url, payload, eventId } = scheduled.data;
  const signer: DeliverySigner = jobId
    ? { kind: 'job', id: jobId }
    : subscriptionId
      ? { kind: 'task-subscription', id: subscriptionId }
      : { kind: 'webhook', id: webhookId ?? '' };
  const sent = await sendSigned(deps.fetch, {
    url,
    body: JSON.stringify(payload),
    secret: signingSecret(deps.signingKey, signer),
    event: scheduled.data.event,
    eventId,
    deliveryId,
    attempt,
    unixSeconds: Math.floor(deps.clock.now().getTime() / 1000),
  });
  const tried = { deliveryId, attempt, statusCode: sent.statusCode, durationMs: sent.durationMs, ...(sent.error ? { error: sent.error } : {}) };
  if (!sent.error) {
    return {
      events: [event('DeliveryAttempted', tried), event('DeliverySucceeded', { deliveryId, attempts: attempt })],
      outcome: { done: true, delivered: true, attempts: attempt },
    };
  }
  const now = deps.clock.now();
  const delay = sent.refused ? null : nextRetryDelay(deps.retry, attempt, now.getTime() - scheduled.recordedAt.getTime());
  if (delay === null) {
    const reason = sent.refused ? sent.error : `gave up after ${attempt} attempts: ${sent.error}`;
    return {
      events: [event('DeliveryAttempted', tried), event('DeliveryFailed', { deliveryId, attempts: attempt, reason })],
      outcome: { done: true, delivered: false, attempts: attempt },
    };
  }
  return {
    events: [event('DeliveryAttempted', { ...tried, nextAttemptAt: new Date(now.getTime() + delay).toISOString() })],
    outcome: { done: false, retryInMs: delay, attempts: attempt },
  };
}

/** What an attempt records, and what it tells the workflow. */
interface Step {
  readonly events: DomainEvent[];
  readonly outcome: AttemptOutcome;
}

function webhookGone(deliveryId: string, attempt: number): Step {
  return {
    events: [event('DeliveryFailed', { deliveryId, attempts: attempt - 1, reason: 'the webhook was deleted' })],
    outcome: { done: true, delivered: false, attempts: attempt - 1 },
  };
}

function outcomeInLog(history: readonly StoredEvent[], attempt: number, now: Date): AttemptOutcome | null {
  const attempts = history.filter((e) => e.type === 'DeliveryAttempted').length;
  const finished = history.find((e) => e.type === 'DeliverySucceeded' || e.type === 'DeliveryFailed');
  if (finished) return { done: true, delivered: finished.type === 'DeliverySucceeded', attempts };
  const same = history.find((e): e is StoredEventOf<'DeliveryAttempted'> => e.type === 'DeliveryAttempted' && e.data.attempt === attempt);
  if (!same) return null;
  return { done: false, retryInMs: Math.max(0, new Date(same.data.nextAttemptAt ?? now).getTime() - now.getTime()), attempts };
}
