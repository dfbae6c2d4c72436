import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../activities/createActivities';
import { systemClock } from '../activities/billing/clock';
import { createPool, dbFromPool } from '../activities/db/createDb';
import { migrate } from '../activities/db/migrate';
import { createEventStore } from '../activities/eventStore';
import { loadX402 } from '../activities/payments/x402Runtime';
import { allProjections, inlineProjections, LIVE_SCHEMA } from '../activities/projections';
import { loadConfig } from '../schema/config';
import { resolveServices } from '../schema/services';
import { createToolWorker } from '../workers/createToolWorker';
import { installWorkerRuntime } from '../workers/runtime';
import { createApp } from './app';

const HELP = `Usage: npm run api [-- --help]

Serves the HTTP API on HOST:PORT. With EMBEDDED_WORKER=true (the default) it also runs a tool-call worker
in-process and starts workflows eagerly on it. Configuration comes from the environment (see README).`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { process: 'api' } });
  const services = resolveServices(config);
  const pool = createPool({ connectionString: services.databaseUrl, applicationName: 'toolgate-api', max: 20 });
  const db = dbFromPool(pool);
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA, log: (line) => log.info(line) });
  const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
  const x402 = loadX402(config);
  if (!x402.ok) log.warn({ reason: x402.reason }, 'x402 payments are off');

  let worker: Worker | undefined;
  let client: Client;
  let close: () => Promise<void>;
  if (config.embeddedWorker) {
    // Eager start needs the client and the worker on one native connection.
    installWorkerRuntime();
    const native = await NativeConnection.connect({ address: services.temporalAddress });
    worker = await createToolWorker({
      connection: native,
      namespace: config.temporalNamespace,
      taskQueue: config.taskQueue,
      activities: createActivities({ store, config, x402: x402.ok ? x402.runtime : null }),
    });
    client = new Client({ connection: native, namespace: config.temporalNamespace });
    close = () => native.close();
  } else {
    const connection = await Connection.connect({ address: services.temporalAddress });
    client = new Client({ connection, namespace: config.temporalNamespace });
    close = () => connection.close();
  }
  const running = worker?.run();

  const app = createApp({
    config,
    store,
    pool,
    log,
    clock: systemClock,
    startedAt: new Date(),
    temporal: { client, eagerStart: config.embeddedWorker },
    x402: x402.ok ? x402.runtime : null,
    x402Off: x402.ok ? undefined : x402.reason,
  });
  const server = app.listen(config.port, config.host, () =>
    log.info({ port: config.port, embeddedWorker: config.embeddedWorker }, `API listening on http://${config.host}:${config.port}`),
  );
  server.keepAliveTimeout = 65_000;

  const stop = async () => {
    log.info('API stopping');
    server.close();
    worker?.shutdown();
    await running;
    await close();
    await db.destroy();
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
