import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { webhooks } from './webhooksProjection';

beforeEach(resetScenario);

const registered = (webhookId: string, thresholdMicros?: number) =>
  recorded('WebhookRegistered', {
    webhookId,
    accountId: 'acct-1',
    keyId: 'k1',
    url: 'https://hooks.example.com/toolgate',
    events: ['low_balance'],
    ...(thresholdMicros === undefined ? {} : { thresholdMicros }),
    registeredFromIp: '203.0.113.7',
  });

describe('webhooks projection', () => {
  it('given nothing, when a webhook is registered, then it is live with its events and threshold', () => {
    expect(rowsAfter(webhooks, [], [registered('w1', 50_000)])).toEqual([
      {
        webhook_id: 'w1',
        account_id: 'acct-1',
        url: 'https://hooks.example.com/toolgate',
        events: ['low_balance'],
        threshold_micros: 50_000,
        registered_from_ip: '203.0.113.7',
        created_at: at(0),
      },
    ]);
  });

  it('records no threshold as null (the service default applies)', () => {
    expect(rowsAfter(webhooks, [], [registered('w1')])).toMatchObject([{ threshold_micros: null }]);
  });

  it('given two webhooks, when one is deleted, then only the other remains', () => {
    const when = recorded('WebhookDeleted', { webhookId: 'w1', accountId: 'acct-1' });
    expect(rowsAfter(webhooks, [registered('w1'), registered('w2')], [when]).map((row) => row.webhook_id)).toEqual(['w2']);
  });
});
