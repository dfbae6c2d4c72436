import { nextUtcMidnight, utcDay } from '../../core/clock/clock';
import type { NotificationEvent } from '../../schema/webhooks/notifications';

/** What POST /webhooks/test-event sends as `data`: the shape a real event of that name has, marked as a test. */
export function sampleNotification(event: NotificationEvent | 'test', now: Date, clientIp: string): Record<string, unknown> {
  switch (event) {
    case 'test':
      return { message: 'This is a test event from POST /webhooks/test-event.' };
    case 'low_balance':
      return { balance_usd: 0.04, threshold_usd: 0.05 };
    case 'payment_received':
      return { amount_usd: 5, reason: 'topup' };
    case 'free_tier_exhausted':
      return { ip: clientIp, day: utcDay(now), daily_limit: 3, resets_at: nextUtcMidnight(now).toISOString() };
    case 'agent_task':
      return { task_id: 'task_test', change: 'completed', agent_id: 'agt_test', result: { summary: 'A sample result.' }, reward_usd: 0.05 };
  }
}
