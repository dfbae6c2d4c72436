import { WorkflowNotFoundError } from '@temporalio/client';
import { sql } from 'kysely';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { CallbackReceiver, verifySignature } from '../support/callbackReceiver';
import { json } from '../support/json';
import { URL_REFUSED } from '../../core/net/safeFetch';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

// Retries every 200 ms, doubling to 1 s, for 12 s: the production schedule (10 s doubling to 6 h, for 3 days) made fast.
// The window leaves room for a busy machine, where the deliveries read model can lag a few seconds behind.
const RETRY_WINDOW_SECONDS = 12;
const RETRIES = {
  WEBHOOK_RETRY_FIRST_MS: '200',
  WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
  WEBHOOK_RETRY_WINDOW_SECONDS: String(RETRY_WINDOW_SECONDS),
  WEBHOOK_TIMEOUT_SECONDS: '2',
};

let service: TestService;
let receiver: CallbackReceiver;
beforeAll(async () => {
  // No model provider, whatever the shell holds: the calls that spend the balance run offline at list price.
  [service, receiver] = await Promise.all([startTestService({ env: { ...modelEnv(), ...RETRIES } }), CallbackReceiver.start()]);
});
afterAll(async () => {
  await service.stop();
  await receiver.down();
});

const post = (path: string, body: unknown, key?: TestKey) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...key?.auth }, body: JSON.stringify(body) });
const get = (path: string, key: TestKey) => fetch(`${service.baseUrl}${path}`, { headers: key.auth });

async function register(key: TestKey, body: Record<string, unknown>) {
  const response = await post('/webhooks/register', body, key);
  expect(response.status).toBe(200);
  return json(response);
}

/** Waits until the receiver has had at least one request that matches. */
const arrivals = (what: string, matches: (body: string, headers: Record<string, unknown>) => boolean) =>
  waitFor(async () => {
    const found = receiver.calls.filter((c) => matches(c.body, c.headers));
    return found.length ? found : undefined;
  }, what);

async function deliveryOf(key: TestKey, deliveryId: string, until: (d: { status: string; attempt_count: number }) => boolean, timeoutMs?: number) {
  return waitFor(
    async () => {
      const { deliveries } = await json(get('/webhooks/deliveries', key));
      const found = deliveries.find((d: { delivery_id: string }) => d.delivery_id === deliveryId);
      return found && until(found) ? found : undefined;
    },
    `delivery ${deliveryId}`,
    timeoutMs,
  );
}

describe('registration', () => {
  it('returns the webhook with its signing secret once, and lists it without the secret', async () => {
    const key = await generateKey(service.baseUrl);
    const created = await register(key, { url: receiver.url(), events: ['low_balance'], threshold: 0.1 });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      url: receiver.url(),
      events: ['low_balance'],
      threshold: 0.1,
      secret: expect.stringMatching(/^whsec_/),
      signature: { header: 'X-Webhook-Signature', recipe: expect.stringContaining('HMAC-SHA256') },
    });
    expect(outputProblems('webhooks/register', created)).toEqual([]);
    const everything = await register(key, { url: receiver.url('/all') });
    expect(everything.events).toEqual(['low_balance', 'payment_received', 'free_tier_exhausted', 'agent_task']);
    const listed = await json(get('/webhooks/list', key));
    expect(listed.webhooks).toEqual([
      { id: created.id, url: receiver.url(), events: ['low_balance'], threshold: 0.1, created_at: created.created_at },
      expect.objectContaining({ id: everything.id, threshold: null }),
    ]);
    expect(outputProblems('webhooks/list', listed)).toEqual([]);
    const leaked = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${created.secret}%`}`.execute(service.database.db);
    expect(leaked.rows[0]!.n).toBe(0);
  });

  it('refuses metadata, private and non-https addresses', async () => {
    const key = await generateKey(service.baseUrl);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'https://10.0.0.5/hook',
      'https://192.168.1.20/hook',
      'https://100.100.100.200/latest/meta-data/',
      // IPv6 forms that carry a metadata or private IPv4 address are judged by it (issue 28).
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::10.0.0.1]/hook',
      'https://[::ffff:169.254.169.254]/',
      'https://[::ffff:0:10.0.0.1]/hook',
      'https://[64:ff9b::169.254.169.254]/',
      'https://[64:ff9b:1::a9fe:a9fe]/',
      'https://[2002:a9fe:a9fe::1]/',
      'https://[2001:0:808:808::5601:5601]/',
      'http://example.com/hook',
      'ftp://example.com/hook',
      'https://user:pass@example.com/hook',
    ]) {
      const response = await post('/webhooks/register', { url }, key);
      expect([url, response.status]).toEqual([url, 400]);
      expect((await json(response)).error).toMatch(/refused/);
    }
    expect((await post('/webhooks/register', { url: receiver.url(), events: ['weather'] }, key)).status).toBe(400);
    expect((await json(get('/webhooks/list', key))).webhooks).toEqual([]);
  });

  it('in production mode refuses loopback too, also when a name resolves to it', async () => {
    const strict = await startTestService({ env: { ALLOW_LOCAL_HTTP: 'false' } });
    try {
      const key = await generateKey(strict.baseUrl);
      for (const url of [receiver.url(), 'https://127.0.0.1/hook', 'https://localhost/hook', 'https://[::127.0.0.1]/hook', 'https://[::ffff:127.0.0.1]/hook']) {
        const response = await fetch(`${strict.baseUrl}/webhooks/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...key.auth },
          body: JSON.stringify({ url }),
        });
        expect([url, response.status]).toEqual([url, 400]);
      }
    } finally {
      await strict.stop();
    }
  });

  it('keeps every key to its own webhooks', async () => {
    const [owner, stranger] = await Promise.all([generateKey(service.baseUrl), generateKey(service.baseUrl)]);
    const hook = await register(owner, { url: receiver.url() });
    expect((await json(get('/webhooks/list', stranger))).webhooks).toEqual([]);
    const del = (key: TestKey) => fetch(`${service.baseUrl}/webhooks/${hook.id}`, { method: 'DELETE', headers: key.auth });
    const refused = await del(stranger);
    expect(refused.status).toBe(404);
    expect(await json(refused)).toMatchObject({ error: `no webhook ${hook.id}` });
    expect((await post('/webhooks/test-event', { webhook_id: hook.id }, stranger)).status).toBe(404);
    expect((await json(get(`/webhooks/deliveries?webhook_id=${hook.id}`, stranger))).deliveries).toEqual([]);
    expect((await fetch(`${service.baseUrl}/webhooks/list`)).status).toBe(401);
    const deleted = await json(del(owner));
    expect(deleted).toEqual({ id: hook.id, deleted: true });
    expect(outputProblems('webhooks/delete', deleted)).toEqual([]);
    expect((await json(get('/webhooks/list', owner))).webhooks).toEqual([]);
  });
});

describe('deliveries', () => {
  it('reaches a receiver that was down once it comes back, signed, with every attempt listed', async () => {
    const key = await generateKey(service.baseUrl);
    const hook = await register(key, { url: receiver.url('/flaky') });
    await receiver.down();
    const sent = await json(post('/webhooks/test-event', {}, key));
    expect(sent).toMatchObject({ sent: 1, event: 'test', deliveries: [{ webhook_id: hook.id }] });
    expect(outputProblems('webhooks/test-event', sent)).toEqual([]);
    const deliveryId = sent.deliveries[0].delivery_id;

    const retrying = await deliveryOf(key, deliveryId, (d) => d.attempt_count >= 2);
    expect(retrying).toMatchObject({ status: 'retrying', last_status_code: null, next_attempt_at: expect.any(String) });
    expect(retrying.attempts[0]).toMatchObject({ attempt: 1, status_code: null, error: expect.stringContaining('ECONNREFUSED') });

    receiver.answerNext('/flaky', { status: 503 });
    await receiver.up();
    const delivered = await deliveryOf(key, deliveryId, (d) => d.status === 'delivered');
    const codes = delivered.attempts.map((a: { status_code: number | null }) => a.status_code);
    expect(codes.slice(-2)).toEqual([503, 200]);
    expect(codes.slice(0, -2).every((c: number | null) => c === null)).toBe(true);
    expect(outputProblems('webhooks/deliveries', await json(get('/webhooks/deliveries', key)))).toEqual([]);
    expect(delivered).toMatchObject({
      attempt_count: codes.length,
      last_status_code: 200,
      event: 'test',
      event_id: sent.event_id,
      finished_at: expect.any(String),
    });

    const calls = receiver.callsWith('X-Webhook-Delivery', deliveryId);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(verifySignature(hook.secret, call.headers['x-webhook-signature'], call.body)).toBe(true);
      expect(call.headers['x-webhook-event-id']).toBe(sent.event_id);
      expect(JSON.parse(call.body)).toMatchObject({ id: sent.event_id, type: 'test', webhook_id: hook.id, test: true });
    }
    expect(calls[0]!.body).toBe(calls[1]!.body);
    expect(verifySignature('whsec_wrong', calls[1]!.headers['x-webhook-signature'], calls[1]!.body)).toBe(false);
    expect(verifySignature(hook.secret, calls[1]!.headers['x-webhook-signature'], calls[1]!.body.replace('test', 'tost'))).toBe(false);
  });

  it('gives up when the retry window closes, and says so', async () => {
    const key = await generateKey(service.baseUrl);
    await register(key, { url: receiver.url('/broken') });
    receiver.answerAlways('/broken', { status: 500 });
    const sent = await json(post('/webhooks/test-event', {}, key));
    const failed = await deliveryOf(key, sent.deliveries[0].delivery_id, (d) => d.status === 'failed', (RETRY_WINDOW_SECONDS + 20) * 1000);
    expect(failed.failure).toMatch(/^gave up after \d+ attempts: HTTP 500$/);
    expect(failed.attempts.length).toBeGreaterThanOrEqual(4);
    expect(failed.attempts.every((a: { status_code: number }) => a.status_code === 500)).toBe(true);
  });

  it('refuses at delivery a receiver that redirects to the metadata address, without retrying', async () => {
    const key = await generateKey(service.baseUrl);
    await register(key, { url: receiver.url('/redirects') });
    receiver.answerAlways('/redirects', { status: 307, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } });
    const sent = await json(post('/webhooks/test-event', {}, key));
    const failed = await deliveryOf(key, sent.deliveries[0].delivery_id, (d) => d.status === 'failed');
    expect(failed.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: null, error: expect.stringMatching(/^refused/) })]);
    // The refusal is the uniform one: a delivery log must not tell which address a redirect led to.
    expect(failed.failure).toContain(URL_REFUSED);
    expect(failed.failure).not.toMatch(/169\.254/);
  });

  it('stops retrying when the webhook is deleted', async () => {
    const key = await generateKey(service.baseUrl);
    const hook = await register(key, { url: receiver.url('/gone') });
    receiver.answerAlways('/gone', { status: 500 });
    const sent = await json(post('/webhooks/test-event', {}, key));
    const deliveryId = sent.deliveries[0].delivery_id;
    await deliveryOf(key, deliveryId, (d) => d.attempt_count >= 1);
    await fetch(`${service.baseUrl}/webhooks/${hook.id}`, { method: 'DELETE', headers: key.auth });
    const stopped = await deliveryOf(key, deliveryId, (d) => d.status === 'failed');
    expect(stopped.failure).toBe('the webhook was deleted');
    const tried = receiver.callsWith('X-Webhook-Delivery', deliveryId).length;
    // Once its workflow has ended nothing more can be sent: what arrived by then is all there will ever be.
    await service.client.workflow.getHandle(`delivery-${deliveryId}`).result();
    expect(receiver.callsWith('X-Webhook-Delivery', deliveryId)).toHaveLength(tried);
  });
});

describe('notifications', () => {
  it('a low-balance crossing at a registered threshold makes exactly one signed delivery, even if the event is read again', async () => {
    const key = await generateKey(service.baseUrl);
    const hook = await register(key, { url: receiver.url('/low'), events: ['low_balance'], threshold: 0.2 });
    const other = await register(key, { url: receiver.url('/paid'), events: ['payment_received'] });
    for (let i = 0; i < 6; i++) {
      const response = await post('/summarize', { text: `Call ${i}. It spends a cent.`, format: 'short' }, key);
      expect(response.status).toBe(200);
    }
    const crossings = (await readStream(service.database.db, `account-${key.keyId}`)).filter((e) => e.type === 'LowBalanceCrossed');
    expect(crossings.map((e) => e.data)).toEqual([{ accountId: key.keyId, thresholdMicros: 200_000, balanceMicros: 190_000 }]);

    const arrived = await arrivals('the low_balance delivery', (body, headers) => headers['x-webhook-event'] === 'low_balance' && body.includes(hook.id));
    expect(arrived).toHaveLength(1);
    const body = JSON.parse(arrived[0]!.body);
    expect(body).toEqual({
      id: `evt_${crossings[0]!.position}`,
      type: 'low_balance',
      created_at: crossings[0]!.recordedAt.toISOString(),
      webhook_id: hook.id,
      data: { balance_usd: 0.19, threshold_usd: 0.2 },
    });
    expect(verifySignature(hook.secret, arrived[0]!.headers['x-webhook-signature'], arrived[0]!.body)).toBe(true);

    // The trigger reads the whole log again, as after a lost checkpoint: the same workflow ids, nothing new sent.
    const delivery = service.client.workflow.getHandle(`delivery-${hook.id}-evt${crossings[0]!.position}`);
    await delivery.result();
    const { runId } = await delivery.describe();
    await sql`update subscription_checkpoints set transaction_id = '0'::xid8, position = 0 where subscription_id = 'webhook-notifications'`.execute(
      service.database.db,
    );
    await service.subscriber.catchUp();
    // catchUp returns once the trigger has made every start it would: the one delivery ran once, the other webhook got none.
    expect(await delivery.describe()).toMatchObject({ runId, status: { name: 'COMPLETED' } });
    await expect(service.client.workflow.getHandle(`delivery-${other.id}-evt${crossings[0]!.position}`).describe()).rejects.toThrow(WorkflowNotFoundError);
    expect(receiver.calls.filter((c) => c.body.includes(hook.id))).toHaveLength(1);
    expect(receiver.calls.filter((c) => c.body.includes(other.id))).toHaveLength(0);
  });

  it('tells payment_received webhooks about credit added to the key', async () => {
    const key = await generateKey(service.baseUrl);
    const hook = await register(key, { url: receiver.url('/payments'), events: ['payment_received'] });
    expect((await topUp(service.baseUrl, service.config.adminToken, key.key, '1.5')).status).toBe(200);
    const [call] = await arrivals('the payment_received delivery', (body) => body.includes(hook.id));
    expect(JSON.parse(call!.body)).toMatchObject({ type: 'payment_received', data: { amount_usd: 1.5, reason: 'topup' } });
    expect(call!.headers['x-webhook-event']).toBe('payment_received');
  });

  it('leaves the projections exactly as a replay of the log builds them', async () => {
    await service.subscriber.catchUp();
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows.webhooks).toBeGreaterThan(0);
    expect(report.rows.deliveries).toBeGreaterThan(0);
  });
});
