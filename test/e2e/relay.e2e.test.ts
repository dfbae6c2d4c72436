import { sql } from 'kysely';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { ensureRelayPurgeSchedule } from '../../core/relay/relayPurgeSchedule';
import { generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { outputProblems } from '../support/registryOutput';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
beforeAll(async () => {
  // Requests carry X-Forwarded-For from a proxy we trust, so each test has a client IP (and rate limit) of its own.
  service = await startTestService({ env: { RELAY_MAX_BYTES: '2048', TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '20' } });
});
afterAll(() => service.stop());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const createRelay = async (key: TestKey) => json(fetch(`${service.baseUrl}/webhooks/create`, { method: 'POST', headers: key.auth }));
const receive = (relayId: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}/webhooks/${relayId}/receive`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
const eventsOf = (relayId: string, key: TestKey) => fetch(`${service.baseUrl}/webhooks/${relayId}/events`, { headers: key.auth });

describe('inbound relay', () => {
  it('gives a receiving URL that takes JSON from anyone, and shows it to the owner newest first', async () => {
    const key = await generateKey(service.baseUrl);
    const relay = await createRelay(key);
    expect(relay).toMatchObject({
      id: expect.stringMatching(/^rly_[A-Za-z0-9_-]{22}$/),
      url: `http://api.test/webhooks/${relay.id}/receive`,
      events_url: `http://api.test/webhooks/${relay.id}/events`,
      retention_hours: 168,
    });
    expect(outputProblems('webhooks/create', relay)).toEqual([]);
    // Senders bring credentials of their own; they are not our keys, so they are neither refused nor kept.
    const first = await receive(relay.id, '{"type":"push","ref":"main"}', {
      ...from('203.0.113.10'),
      'X-GitHub-Event': 'push',
      Authorization: 'Bearer ghs_sender_token',
      'X-Api-Key': 'not-ours',
    });
    expect(first.status).toBe(200);
    const accepted = await json(first);
    expect(accepted).toMatchObject({ received: true, id: expect.any(Number) });
    expect(outputProblems('webhooks/receive', accepted)).toEqual([]);
    expect((await receive(relay.id, '{"type":"ping"}', from('203.0.113.10'))).status).toBe(200);

    const listed = await json(eventsOf(relay.id, key));
    expect(listed.count).toBe(2);
    expect(outputProblems('webhooks/events', listed)).toEqual([]);
    expect(listed.events.map((e: { payload: unknown }) => e.payload)).toEqual([{ type: 'ping' }, { type: 'push', ref: 'main' }]);
    expect(listed.events[1]).toMatchObject({ source_ip: '203.0.113.10', headers: { 'content-type': 'application/json', 'x-github-event': 'push' } });
    expect(Object.keys(listed.events[1].headers).sort()).toEqual(['content-type', 'user-agent', 'x-github-event']);
  });

  it('is never visible to another key, and an unknown relay takes nothing', async () => {
    const [owner, stranger] = await Promise.all([generateKey(service.baseUrl), generateKey(service.baseUrl)]);
    const relay = await createRelay(owner);
    await receive(relay.id, '{"secret":"for the owner only"}', from('203.0.113.11'));
    const hidden = await eventsOf(relay.id, stranger);
    const missing = await eventsOf('rly_AAAAAAAAAAAAAAAAAAAAAA', stranger);
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(JSON.stringify(await json(hidden))).not.toContain('owner only');
    expect((await fetch(`${service.baseUrl}/webhooks/${relay.id}/events`)).status).toBe(401);
    expect((await receive('rly_AAAAAAAAAAAAAAAAAAAAAA', '{"a":1}', from('203.0.113.11'))).status).toBe(404);
  });

  it('refuses bodies over the size limit and non-JSON, and rate-limits each sender by IP', async () => {
    const key = await generateKey(service.baseUrl);
    const relay = await createRelay(key);
    const big = await receive(relay.id, JSON.stringify({ blob: 'x'.repeat(3000) }), from('203.0.113.12'));
    expect(big.status).toBe(413);
    expect((await receive(relay.id, 'not json', from('203.0.113.12'))).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await receive(relay.id, `{"n":${i}}`, from('203.0.113.13'))).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await receive(relay.id, '{"n":"other sender"}', from('203.0.113.14'))).status).toBe(200);
  });

  it('purges events older than the retention on a Temporal schedule, and records each purge in the log', async () => {
    const key = await generateKey(service.baseUrl);
    const relay = await createRelay(key);
    await receive(relay.id, '{"age":"fresh"}', from('203.0.113.15'));
    // An event as if received eight days ago (the schedule cannot wait a week in a test).
    await sql`insert into relay_inbox (relay_id, payload, source_ip, size_bytes, received_at)
      values (${relay.id}, '{"age":"old"}', '203.0.113.15', 13, now() - interval '8 days')`.execute(service.database.db);

    const scheduleId = await ensureRelayPurgeSchedule(service.client, service.config);
    expect(await ensureRelayPurgeSchedule(service.client, service.config)).toBe(scheduleId);
    const schedule = service.client.schedule.getHandle(scheduleId);
    try {
      expect((await schedule.describe()).action).toMatchObject({ workflowType: 'purgeExpiredRelayEvents', taskQueue: service.config.taskQueue });
      await schedule.trigger();
      const left = await waitFor(async () => {
        const { events } = await json(eventsOf(relay.id, key));
        return events.length === 1 ? events : undefined;
      }, 'the purge');
      expect(left[0].payload).toEqual({ age: 'fresh' });
      const day = new Date().toISOString().slice(0, 10);
      const purges = await readStream(service.database.db, `relaypurge-${day}`);
      expect(purges.at(-1)).toMatchObject({ type: 'RelayEventsPurged', data: { count: 1, retentionHours: 168 } });
    } finally {
      await schedule.delete();
    }
  });

  it('leaves the projections exactly as a replay of the log builds them', async () => {
    await service.subscriber.catchUp();
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows.relays).toBe(4);
  });
});
