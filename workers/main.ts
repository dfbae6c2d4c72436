import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../activities/createActivities';
import { createDb } from '../core/db/createDb';
import { createEventStore } from '../core/eventStore';
import { seedBundledCatalogue } from '../core/catalog/seedBundledCatalogue';
import { seedStarterSkills } from '../core/skills/seedStarterSkills';
import { migrate } from '../core/db/migrate';
import { loadX402 } from '../core/x402/x402Runtime';
import { allProjections, asyncProjections, inlineProjections, LIVE_SCHEMA } from '../core/projections';
import { asyncProjectionHandler } from '../core/projections/asyncProjectionHandler';
import { createSubscriber } from '../core/subscriptions/subscriber';
import { agentNetworkTrigger } from './agentNetworkTrigger';
import { customAgentEventTrigger } from './customAgentEvents';
import { notificationTrigger } from './notificationTrigger';
import { searchVectorTrigger } from './searchVectorTrigger';
import { loadConfig } from '../schema/config';
import { resolveServices } from '../schema/services';
import { createToolWorker, prebuiltWorkflowBundle } from './createToolWorker';
import { startLocalModelDiscovery } from './localModelDiscovery';
import { registerSearchAttributes } from './registerSearchAttributes';
import { ensureRelayPurgeSchedule } from './relayPurgeSchedule';
import { ensureAnswerPurgeSchedule } from './answerPurgeSchedule';
import { freeLoopbackPort, installWorkerRuntime, temporalMetrics } from './runtime';
import { startMetricsListener } from '../core/metrics/metricsListener';
import { watchSubscriberLag } from '../core/metrics/subscriberLag';
import { tracedClientInterceptors } from '../core/tracing/clientInterceptors';
import { startTracing } from '../core/tracing/tracing';

const HELP = `Usage: npm run worker [-- --help]

Runs a Temporal worker for tool calls (task queue TEMPORAL_TASK_QUEUE) and the subscriber that keeps the
asynchronous projections up to date and starts webhook deliveries, task claim timers and broadcast fan-outs; keeps the relay purge schedule in place.
Configuration comes from the environment (see README).`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { process: 'worker' } });
  const services = resolveServices(config);
  // Off unless OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set.
  const tracing = startTracing({ serviceName: 'toolgate-worker', endpoint: config.otlpTracesEndpoint });
  // The SDK core's own metrics only when this worker exports any (WORKER_METRICS_PORT): its /metrics passes them on.
  installWorkerRuntime('WARN', config.workerMetricsPort ? await freeLoopbackPort() : undefined);
  const db = createDb({ connectionString: services.databaseUrl, applicationName: 'toolgate-worker', max: 20, prepareThreshold: config.pgPrepareThreshold });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA, log: (line) => log.info(line) });
  const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
  // In the background: a first start appends ~2,600 events (seconds), which need not hold the service back.
  seedBundledCatalogue(store, config, (fields, line) => log.info(fields, line)).catch((error: unknown) =>
    log.error({ err: error }, 'API catalogue seeding failed'),
  );
  seedStarterSkills(store).then(
    (seeded) => seeded.added > 0 && log.info(seeded, 'starter skills seeded'),
    (error: unknown) => log.error({ err: error }, 'starter skills seeding failed'),
  );
  const x402 = loadX402(config);
  if (!x402.ok) log.warn({ reason: x402.reason }, 'x402 settlement is off');
  await registerSearchAttributes(services.temporalAddress, config.temporalNamespace);
  const connection = await NativeConnection.connect({ address: services.temporalAddress });
  const localModels = startLocalModelDiscovery({ config, db, log: (fields, line) => log.info(fields, line) });
  const worker = await createToolWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    activities: createActivities({ store, config, x402: x402.ok ? x402.runtime : null, localServers: localModels.models }),
    tracing,
  });
  const client = new Client({ connection, namespace: config.temporalNamespace, interceptors: tracedClientInterceptors(tracing) });
  const handlers = [
    ...asyncProjections.map((p) => asyncProjectionHandler(p, LIVE_SCHEMA)),
    // Last: it needs Temporal, and an outage there must not hold the read models back.
    notificationTrigger({ client, taskQueue: config.taskQueue, serviceThresholdMicros: config.lowBalanceThreshold }),
    agentNetworkTrigger({ client, taskQueue: config.taskQueue }),
    customAgentEventTrigger({ client, taskQueue: config.taskQueue }),
    searchVectorTrigger({ client, taskQueue: config.taskQueue }),
  ];
  const subscriber = createSubscriber({
    db,
    connectionString: services.databaseUrl,
    handlers,
    onError: (error) => log.error({ err: error }, 'projection subscriber error'),
  });
  await subscriber.start();
  watchSubscriberLag(
    db,
    handlers.map((handler) => handler.id),
    (error) => log.warn({ err: error }, 'reading the subscriber lag failed'),
  );
  const metrics = config.workerMetricsPort
    ? await startMetricsListener({
        port: config.workerMetricsPort,
        host: config.metricsHost,
        token: config.metricsToken,
        temporal: temporalMetrics,
        log: (fields, line) => log.info(fields, line),
      })
    : null;
  await ensureRelayPurgeSchedule(client, config);
  await ensureAnswerPurgeSchedule(client, config);

  const stop = () => {
    log.info('worker stopping');
    worker.shutdown();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  log.info({ taskQueue: config.taskQueue, temporal: services.temporalAddress, workflowBundle: prebuiltWorkflowBundle() ?? 'bundled at start' }, 'worker ready');
  await worker.run();
  localModels.stop();
  await subscriber.stop();
  await metrics?.close();
  await connection.close();
  await tracing?.shutdown();
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
