import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { deliveries } from './deliveriesProjection';

beforeEach(resetScenario);

const scheduled = () =>
  recorded('DeliveryScheduled', {
    deliveryId: 'd1',
    accountId: 'acct-1',
    kind: 'notification',
    webhookId: 'w1',
    event: 'low_balance',
    eventId: 'evt_7',
    url: 'https://hooks.example.com/toolgate',
    payload: { id: 'evt_7' },
  });
const attempted = (attempt: number, statusCode: number | null, nextAttemptAt?: string, error?: string) =>
  recorded('DeliveryAttempted', {
    deliveryId: 'd1',
    attempt,
    statusCode,
    durationMs: 40,
    ...(nextAttemptAt ? { nextAttemptAt } : {}),
    ...(error ? { error } : {}),
  });

describe('deliveries projection', () => {
  it('given nothing, when a delivery is scheduled, then it is pending with no attempts', () => {
    expect(rowsAfter(deliveries, [], [scheduled()])).toEqual([
      {
        delivery_id: 'd1',
        account_id: 'acct-1',
        kind: 'notification',
        webhook_id: 'w1',
        job_id: null,
        event: 'low_balance',
        event_id: 'evt_7',
        url: 'https://hooks.example.com/toolgate',
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        attempt_log: [],
        failure: null,
        next_attempt_at: null,
        created_at: at(0),
        finished_at: null,
      },
    ]);
  });

  it('given a scheduled delivery, when an attempt fails with a retry planned, then it is retrying with the attempt logged', () => {
    const given = [scheduled()];
    const when = attempted(1, 503, '2026-03-02T10:01:00.000Z', 'HTTP 503');
    expect(rowsAfter(deliveries, given, [when])).toMatchObject([
      {
        status: 'retrying',
        attempts: 1,
        last_status_code: 503,
        next_attempt_at: new Date('2026-03-02T10:01:00.000Z'),
        attempt_log: [{ attempt: 1, at: at(1).toISOString(), status_code: 503, duration_ms: 40, error: 'HTTP 503' }],
      },
    ]);
  });

  it('given a retried delivery, when the next attempt succeeds, then it is delivered with both attempts logged', () => {
    const given = [scheduled(), attempted(1, 503, '2026-03-02T10:01:00.000Z', 'HTTP 503')];
    const when = [attempted(2, 200), recorded('DeliverySucceeded', { deliveryId: 'd1', attempts: 2 })];
    const [row] = rowsAfter(deliveries, given, when);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null, finished_at: at(3) });
    expect(row!.attempt_log.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 503],
      [2, 200],
    ]);
  });

  it('given attempts that all failed, when the delivery gives up, then it is failed with the reason', () => {
    const given = [scheduled(), attempted(1, 500)];
    const when = [recorded('DeliveryFailed', { deliveryId: 'd1', attempts: 1, reason: 'receiver kept answering 500' })];
    expect(rowsAfter(deliveries, given, when)).toMatchObject([
      { status: 'failed', failure: 'receiver kept answering 500', next_attempt_at: null, finished_at: at(2) },
    ]);
  });
});
