import { nextUtcMidnight } from '../clock/clock';
import type { EventType } from '../../schema/events';
import { microsToUsd } from '../../schema/money';
import type { NotificationEvent } from '../../schema/webhooks/notifications';
import type { StoredEvent, StoredEventOf } from '../eventStore/types';

/** A fact some webhooks want to hear about, worked out from one recorded event. */
export interface Notification {
  readonly event: NotificationEvent;
  /** Whose webhooks hear it: an account's, or (for the free tier, which has no account) those registered from the client IP. */
  readonly audience: { readonly accountId: string } | { readonly ip: string };
  /** low_balance only: the threshold crossed, matched against each webhook's own. */
  readonly thresholdMicros?: number;
  readonly data: Record<string, unknown>;
}

type Source<K extends EventType> = (event: StoredEventOf<K>) => Notification | null;

/** agent_task goes to the webhooks of the key whose agent posted the task (wallets register no webhooks). */
function taskNotification(posterOwner: string, data: Record<string, unknown>): Notification | null {
  if (!posterOwner.startsWith('key:')) return null;
  return { event: 'agent_task', audience: { accountId: posterOwner.slice('key:'.length) }, data };
}

/** Which recorded events become which notifications. */
const sources: { readonly [K in EventType]?: Source<K> } = {
  TaskClaimed: (e) =>
    taskNotification(e.data.posterOwner, { task_id: e.data.taskId, change: 'claimed', agent_id: e.data.agentId, claim_expires_at: e.data.expiresAt }),
  TaskClaimExpired: (e) => taskNotification(e.data.posterOwner, { task_id: e.data.taskId, change: 'claim_expired', agent_id: e.data.agentId, status: 'open' }),
  TaskCompleted: (e) =>
    taskNotification(e.data.posterOwner, {
      task_id: e.data.taskId,
      change: 'completed',
      agent_id: e.data.agentId,
      result: e.data.result,
      reward_usd: microsToUsd(e.data.rewardMicros),
    }),
  TaskCancelled: (e) => taskNotification(e.data.posterOwner, { task_id: e.data.taskId, change: 'cancelled', refunded_usd: microsToUsd(e.data.refundedMicros) }),
  LowBalanceCrossed: (e) => ({
    event: 'low_balance',
    audience: { accountId: e.data.accountId },
    thresholdMicros: e.data.thresholdMicros,
    data: { balance_usd: microsToUsd(e.data.balanceMicros), threshold_usd: microsToUsd(e.data.thresholdMicros) },
  }),
  // Credit reaching a key: bought with x402 or added by the operator. Trial credit is not a payment.
  CreditGranted: (e) =>
    e.data.reason === 'trial'
      ? null
      : {
          event: 'payment_received',
          audience: { accountId: e.data.accountId },
          data: { amount_usd: microsToUsd(e.data.amountMicros), reason: e.data.reason, ...(e.data.reference ? { reference: e.data.reference } : {}) },
        },
  PaymentReceived: (e) => ({
    event: 'payment_received',
    audience: { accountId: e.data.accountId },
    data: {
      amount_usd: microsToUsd(e.data.amountMicros),
      reason: e.data.purpose,
      payer: e.data.payer,
      network: e.data.network,
      transaction: e.data.transaction,
    },
  }),
  FreeTierExhausted: (e) => ({
    event: 'free_tier_exhausted',
    audience: { ip: e.data.ip },
    data: { ip: e.data.ip, day: e.data.day, daily_limit: e.data.limit, resets_at: nextUtcMidnight(new Date(`${e.data.day}T00:00:00Z`)).toISOString() },
  }),
};

/** The event types that can become a notification. */
export const NOTIFYING_EVENT_TYPES = Object.keys(sources) as readonly EventType[];

export function notificationOf(event: StoredEvent): Notification | null {
  const source = sources[event.type] as Source<EventType> | undefined;
  return source ? source(event as StoredEventOf<EventType>) : null;
}
