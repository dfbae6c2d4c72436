import { Client, Connection } from '@temporalio/client';
import { decodeTimeoutType } from '@temporalio/common';
import { sql } from 'kysely';
import { LIVE_SCHEMA } from '../../core/projections/liveSchema';
import { createSubscriber, type Subscriber } from '../../core/subscriptions/subscriber';
import { workerSubscriptions } from '../../core/subscriptions/workerSubscriptions';
import { type Config } from '../../schema/config';
import { spawnApi } from '../support/apiProcess';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';
import { temporalTarget } from '../../core/temporal/temporalTarget';

// An API with its embedded worker, started on a fresh database, seeds the bundled catalogue and embeds its ~2,600
// entries for search by meaning: a standalone worker's subscriber starts a searchVectors workflow per batch of the
// events, and the embedded worker runs their activities. A SIGTERM then must not wait for all of that: the
// activities are cancelled once the worker's grace time is up, and their retries finish the work at the next start.
// Here the test process runs the worker's subscriber itself (workerSubscriptions, as workers/main.ts does) and no
// standalone worker polls, so every embedding is the API's.

/**
 * The graceful-stop bound of an API with no request to answer: the worker's shutdown grace (10 s,
 * workers/createToolWorker.ts) before it cancels what runs, and as long again for the cancelled attempts to end and
 * the process to close. Before the backfill honoured the cancellation, the stop waited on every embedding it held.
 */
const STOP_BOUND_MS = 20_000;

let database: TestDatabase;
let config: Config;
let connection: Connection;
let subscriber: Subscriber | undefined;
let worker: ReturnType<typeof spawnWorker> | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig(database.url);
  connection = await Connection.connect(temporalTarget(config).connection);
}, 60_000);
afterAll(async () => {
  await subscriber?.stop();
  if (worker) await killed(worker);
  await connection?.close();
  await database?.drop();
});

const ENV = { CATALOG_SEED: 'true', EMBEDDED_WORKER: 'true', ...modelEnv() };
const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(database.db)).rows[0]!.n);
const vectors = () => count(sql<{ n: string }>`select count(*) as n from search_vectors where collection = 'catalog'`);
const entries = () => count(sql<{ n: string }>`select count(*) as n from ${sql.id(LIVE_SCHEMA, 'catalog_entries')}`);

describe('an API stopped, then a worker killed, while they embed the bundled catalogue', () => {
  it('the API exits within its graceful-stop bound, the killed worker’s attempts are retried when their heartbeats stop, and the next start embeds the rest: the catalogue is found by meaning', async () => {
    // At info, its log says where a stop that hangs got to ('API stopping' and what came after).
    const first = await spawnApi(config, database.url, { ...ENV, LOG_LEVEL: 'info' });
    try {
      const client = new Client({ connection, namespace: temporalTarget(config).namespace });
      const running = createSubscriber({
        db: database.db,
        connectionString: database.url,
        handlers: workerSubscriptions({ client, taskQueue: config.taskQueue, config }),
        onError: (error) => console.error('subscriber error', error),
      });
      subscriber = running;
      await running.start();
      await waitFor(async () => (await vectors()) > 0, 'the API’s worker to begin embedding the catalogue', 300_000);
      const stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      // Waited for three times the bound, so that a stop that hangs fails here with what the API said. A crash ends
      // it by a signal, with no exit code: read as one, not as a stop that hung (as CI read a crash of the model's thread).
      await waitFor(async () => first.child.exitCode !== null || first.child.signalCode !== null, 'the API to exit', STOP_BOUND_MS * 3).catch(
        (error: Error) => {
          throw new Error(
            `${error.message}; its last lines:\n${first.output
              .filter((l) => !l.includes('"msg":"request"'))
              .slice(-40)
              .join('\n')}`,
          );
        },
      );
      const { exitCode: code, signalCode: signal } = first.child;
      const took = Date.now() - stoppedAt;
      const atStop = await vectors();
      const total = await entries();
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(total).toBeGreaterThan(2_000);
      // Stopped part way (not waited to the end), within the bound.
      expect(atStop).toBeLessThan(total);
      expect(took).toBeLessThan(STOP_BOUND_MS);
    } finally {
      await killed(first.child);
    }

    // A standalone worker whose subscriber takes over from the test's takes up the backfill, and is killed outright
    // mid-way (no stop at all: an OOM kill, a lost machine). Its attempts stop beating.
    await subscriber?.stop();
    subscriber = undefined;
    const doomed = spawnWorker(config, database.url, ENV);
    try {
      const before = await vectors();
      await waitFor(async () => (await vectors()) > before, 'the standalone worker to take up the embedding', 300_000);
    } finally {
      await killed(doomed);
    }

    // The next start: the API again, and a standalone worker.
    worker = spawnWorker(config, database.url, ENV);
    const second = await spawnApi(config, database.url, ENV);
    try {
      // The cancelled and the killed attempts are retried and the workflows not yet begun run: every entry gets its vector.
      await waitFor(async () => (await vectors()) === (await entries()), 'every catalogue entry embedded after the restart', 900_000);
      // The killed worker's attempts were given up when their heartbeats stopped, not after their 5-minute attempt
      // time-out: a retried activity's started event carries its last attempt's failure.
      const client = new Client({ connection, namespace: temporalTarget(config).namespace });
      const retriedBecause: string[] = [];
      for await (const run of client.workflow.list({ query: `WorkflowType = "searchVectors" AND TaskQueue = "${config.taskQueue}"` })) {
        for (const event of (await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory()).events ?? []) {
          const timeout = event.activityTaskStartedEventAttributes?.lastFailure?.timeoutFailureInfo?.timeoutType;
          if (timeout) retriedBecause.push(decodeTimeoutType(timeout) ?? String(timeout));
        }
      }
      expect(retriedBecause).toContain('HEARTBEAT');
      expect(retriedBecause).not.toContain('START_TO_CLOSE');
      // What an API does, in words none of the catalogue's entries holds all of: found by meaning.
      const query = 'temperature outside right now';
      const wordsFind = await count(
        sql<{
          n: string;
        }>`select count(*) as n from ${sql.id(LIVE_SCHEMA, 'catalog_entries')} where search_text like all(${query.split(' ').map((w) => `%${w}%`)}::text[])`,
      );
      expect(wordsFind).toBe(0);
      const found = await waitFor(
        async () => {
          const answer = (await json(fetch(`${second.baseUrl}/catalog?q=${encodeURIComponent(query)}&per_page=10`))) as {
            by_meaning?: boolean;
            entries: { id: string; title: string }[];
          };
          return answer.by_meaning ? answer : null;
        },
        'an answer searched by meaning',
        60_000,
      );
      expect(found.entries.some((e) => /weather/i.test(`${e.id} ${e.title}`))).toBe(true);
    } finally {
      await killed(second.child);
    }
  }, 1_500_000);
});
