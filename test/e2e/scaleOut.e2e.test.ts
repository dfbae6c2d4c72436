import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { type Config } from '../../schema/config';
import { balanceRow, generateKey, type TestKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

// The shape of a deployment with more than one machine: API replicas and workers scale out; Temporal and PostgreSQL
// are shared. Two API processes and two worker processes here, against one Temporal and one PostgreSQL.
let database: TestDatabase;
let config: Config;
let apis: ApiProcess[] = [];
let workers: ReturnType<typeof spawnWorker>[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig(database.url);
  workers = [spawnWorker(config, database.url), spawnWorker(config, database.url)];
  // Admission's limit of calls in flight kept out of the way: 200 calls at once are the point here (billing each once
  // across replicas), not how a replica sheds them (test/e2e/admissionControl.e2e.test.ts).
  const roomy = { ADMISSION_INITIAL_LIMIT: '512', ADMISSION_MIN_LIMIT: '512', ADMISSION_MAX_LIMIT: '512' };
  apis = await Promise.all([spawnApi(config, database.url, roomy), spawnApi(config, database.url, roomy)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([...apis.map((api) => killed(api.child)), ...workers.map(killed)]);
  await database.drop();
});

const CALLS = 200;
const PRICE = 5_000; // /sentiment, micro-USD
const TEXT = 'Two replicas, two workers, one ledger: every call is billed exactly once.';

describe('two APIs and two workers on one Temporal and one PostgreSQL', () => {
  it('runs 200 concurrent calls spread over both APIs and four keys, billing each exactly once, with no drift', async () => {
    const keys: TestKey[] = [];
    for (let i = 0; i < 4; i++) {
      const key = await generateKey(apis[i % 2]!.baseUrl, `replica-${i}`);
      expect((await topUp(apis[i % 2]!.baseUrl, config.adminToken, key.key, 1)).status).toBe(200);
      keys.push(key);
    }
    const calls = Array.from({ length: CALLS }, (_, i) => {
      const [requestId, key] = [randomUUID(), keys[i % keys.length]!];
      return { requestId, callId: keyCallId(key.keyId, requestId), api: apis[i % 2]!, key };
    });

    const answers = await Promise.all(
      calls.map(async ({ requestId, api, key }) => {
        const response = await fetch(`${api.baseUrl}/sentiment`, {
          method: 'POST',
          headers: { ...key.auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
          body: JSON.stringify({ text: TEXT }),
        });
        return { status: response.status, body: await json(response) };
      }),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    for (const answer of answers) expect(answer.body._meta).toMatchObject({ payment: 'key', cost_usd: PRICE / 1e6 });

    // Each call: one start and one completion on its own stream, one hold and one charge on its payer's account.
    for (const { callId } of calls) {
      expect((await readStream(database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    }
    for (const key of keys) {
      const mine = calls.filter((c) => c.key === key).map((c) => c.callId);
      const money = (await readStream(database.db, `account-${key.keyId}`)).filter((e) => e.type === 'ChargeReserved' || e.type === 'ChargeSettled');
      expect(
        money
          .filter((e) => e.type === 'ChargeReserved')
          .map((e) => (e.data as { callId: string }).callId)
          .sort(),
      ).toEqual([...mine].sort());
      expect(
        money
          .filter((e) => e.type === 'ChargeSettled')
          .map((e) => (e.data as { callId: string }).callId)
          .sort(),
      ).toEqual([...mine].sort());
      const charged = mine.length * PRICE;
      expect(await balanceRow(database.db, key.keyId)).toMatchObject({ available_micros: 1_250_000 - charged, reserved_micros: 0, spent_micros: charged });
    }

    // The subscribers of both workers share the read models: wait until they have seen every call, then replay.
    await waitFor(
      async () => {
        const seen = await database.db
          .withSchema(LIVE_SCHEMA)
          .selectFrom('calls')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst();
        return Number(seen?.n) >= CALLS;
      },
      'the calls read model to see every call',
      60_000,
    );
    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
  }, 240_000);
});
