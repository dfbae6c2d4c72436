import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { type Config } from '../../schema/config';
import { generateKey, topUp } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { spawnApi } from '../support/apiProcess';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

// A rolling deploy sends SIGTERM to an API replica while its callers' requests are running on keep-alive
// connections. It must answer those, tell their clients to go elsewhere, and exit cleanly.
let database: TestDatabase;
let config: Config;
let worker: ReturnType<typeof spawnWorker>;
beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig(database.url);
  worker = spawnWorker(config, database.url);
}, 60_000);
afterAll(async () => {
  await killed(worker);
  await database.drop();
});

interface Attempt {
  readonly requestId: string;
  readonly startedBeforeStop: boolean;
  status?: number;
  answeredAfterStop?: boolean;
  error?: string;
}

describe('an API told to stop under load', () => {
  // With an embedded worker, the Temporal SDK's runtime also begins shutting that worker down on SIGTERM by itself.
  it.each([
    ['alone', {}],
    ['with its embedded worker', { EMBEDDED_WORKER: 'true' }],
  ])('%s: answers the requests it is running, sends no error, and exits with 0', async (_arrangement, env) => {
    const api = await spawnApi(config, database.url, env);
    const key = await generateKey(api.baseUrl, 'graceful');
    expect((await topUp(api.baseUrl, config.adminToken, key.key, 5)).status).toBe(200);

    const attempts: Attempt[] = [];
    let stopSent = false;
    let quit = false;
    const loops = Array.from({ length: 12 }, async () => {
      while (!quit) {
        const attempt: Attempt = { requestId: randomUUID(), startedBeforeStop: !stopSent };
        attempts.push(attempt);
        try {
          const response = await fetch(`${api.baseUrl}/sentiment`, {
            method: 'POST',
            headers: { ...key.auth, 'Content-Type': 'application/json', 'X-Request-Id': attempt.requestId },
            body: JSON.stringify({ text: 'Keep the answers coming while the replica goes away.' }),
          });
          await response.arrayBuffer();
          attempt.status = response.status;
          attempt.answeredAfterStop = stopSent;
        } catch (error) {
          // The server is gone: nothing more to send.
          attempt.error = String(error);
          return;
        }
      }
    });
    await waitFor(async () => attempts.filter((a) => a.status === 200).length >= 20 || undefined, 'calls answered under load');
    const exited = once(api.child, 'exit');
    stopSent = true;
    api.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    quit = true;
    await Promise.all(loops);

    expect(code).toBe(0);
    expect(attempts.filter((a) => a.status !== undefined && a.status !== 200)).toEqual([]);
    // Requests on the wire when SIGTERM came were answered, not cut off.
    expect(attempts.filter((a) => a.startedBeforeStop && a.answeredAfterStop && a.status === 200).length).toBeGreaterThan(0);
    // One that got no answer either never reached the API or ran to its end: nothing is left half done.
    for (const attempt of attempts.filter((a) => a.error)) {
      const types = (await readStream(database.db, `call-${keyCallId(key.keyId, attempt.requestId)}`)).map((e) => e.type);
      expect([[], ['ToolCallStarted', 'ToolCallCompleted']]).toContainEqual(types);
    }
  });
});
