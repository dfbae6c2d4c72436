import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import pino from 'pino';
import { createApp } from '../../api/app';
import { listenForKeyChanges } from '../../core/accounts/keyChanges';
import { localCallEnds } from '../../core/calls/localCallEnds';
import { createHttpServer } from '../../api/httpServer';
import { type Clock, systemClock } from '../../core/clock/clock';
import { createActivities } from '../../activities/createActivities';
import { createPageBrowser } from '../../activities/data/screenshot/pageBrowser';
import { createEmbedder } from '../../activities/embeddings';
import type { X402Runtime } from '../../core/x402/x402Runtime';

import { workerSubscriptions } from '../../core/subscriptions/workerSubscriptions';
import { createSubscriber, type Subscriber } from '../../core/subscriptions/subscriber';
import { loadConfig } from '../../core/config/loadConfig';
import { temporalTarget } from '../../core/temporal/temporalTarget';
import { type Config } from '../../schema/config';
import { createToolWorker } from '../../workers/createToolWorker';
import { installWorkerRuntime } from '../../workers/runtime';
import { type LocalModelDiscovery, startLocalModelDiscovery } from '../../workers/localModelDiscovery';
import { tracedClientInterceptors } from '../../core/tracing/clientInterceptors';
import type { Tracing } from '../../core/tracing/tracing';
import { createTestDatabase, type TestDatabase } from './testDatabase';

export interface TestService {
  readonly baseUrl: string;
  readonly config: Config;
  readonly database: TestDatabase;
  readonly client: Client;
  readonly subscriber: Subscriber;
  stop(): Promise<void>;
}

export interface TestServiceOptions {
  /** Environment overrides, as the service would read them. */
  readonly env?: Record<string, string>;
  /** 'embedded' (default): a worker in this process, eager start. 'none': start workers yourself. */
  readonly worker?: 'embedded' | 'none';
  readonly clock?: Clock;
  /** Reuse a database (e.g. to restart the API on the same state); it is then not dropped at stop. */
  readonly database?: TestDatabase;
  /** x402 terms and facilitator (e.g. on a local chain the test started); without them x402 is off. */
  readonly x402?: X402Runtime;
  /** Leave the database in place at stop, for a second service to reuse. */
  readonly keepDatabase?: boolean;
  /** The loopback port to listen on (a free one when not given), e.g. to make PUBLIC_BASE_URL the real address. */
  readonly port?: number;
  /** Tracing as the service turns it on (core/tracing): the API, its client and the worker make spans. */
  readonly tracing?: Tracing;
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    APP_ENV: 'test',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(6).toString('hex')}`,
    PUBLIC_BASE_URL: 'http://api.test',
    TRIAL_KEYS_PER_IP_DAILY: '1000',
    ...env,
  });
}

/** The real API, a real worker and the projection subscriber, on a database of their own and a task queue of their own. */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  installWorkerRuntime('ERROR');
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(database.url, options.env);
  const clock = options.clock ?? systemClock;
  const temporal = temporalTarget(config);
  const connection = await NativeConnection.connect(temporal.connection);
  const client = new Client({ connection, namespace: temporal.namespace, interceptors: tracedClientInterceptors(options.tracing ?? null) });
  let worker: Worker | undefined;
  // The worker's Chromium (/data/screenshot) is closed with the service, so no browser outlives a test file.
  const pageBrowser = createPageBrowser(config.chromiumPath);
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  let localModels: LocalModelDiscovery | undefined;
  const embedder = createEmbedder(config);
  if ((options.worker ?? 'embedded') === 'embedded') {
    // A host of its own, so services on one database (a restart, a second API) each keep what their worker found.
    localModels = startLocalModelDiscovery({
      config,
      db: database.db,
      log: (fields, line) => log.info(fields, line),
      host: `test-${randomBytes(4).toString('hex')}`,
    });
    worker = await createToolWorker({
      connection,
      namespace: temporal.namespace,
      taskQueue: config.taskQueue,
      activities: createActivities({
        store: database.store,
        config,
        clock,
        x402: options.x402 ?? null,
        resources: { pageBrowser },
        localServers: localModels.models,
        embedder,
      }),
      onCallEnded: (callId, end) => localCallEnds.deliver(callId, end),
      tracing: options.tracing ?? null,
    });
  }
  const running = worker?.run();
  const subscriber = createSubscriber({
    db: database.db,
    connectionString: database.url,
    handlers: workerSubscriptions({ client, taskQueue: config.taskQueue, config }),
    pollIntervalMs: 200,
  });
  await subscriber.start();

  // As api/server.ts runs it: keys kept per replica, dropped when their key changes.
  const keyChanges = await listenForKeyChanges(database.url);
  const app = createApp({
    keyChanges,
    config,
    store: database.store,
    pool: database.pool,
    log,
    clock,
    startedAt: new Date(),
    x402: options.x402 ?? null,
    x402Off: options.x402 ? undefined : 'no chain in this test',
    temporal: { client, eagerStart: Boolean(worker) },
    ...(options.tracing ? { tracer: options.tracing.tracer } : {}),
  });
  const server = createHttpServer(app, 'http://api.test/docs').listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    client,
    subscriber,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      localModels?.stop();
      worker?.shutdown();
      await running;
      await pageBrowser.close();
      await embedder.close();
      await subscriber.stop();
      await keyChanges.close();
      await connection.close();
      if (!options.database && !options.keepDatabase) await database.drop();
    },
  };
}
