import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../activities/createActivities';
import { createEmbedder } from '../activities/embeddings/createEmbedder';
import { closeLocalModels } from '../activities/embeddings/localEmbeddingModel';
import { coreFeatures } from '../core/features';
import { exitOnStartFailure } from '../core/startup/startFailure';
import { startService } from '../core/startup/startService';
import { sql } from 'kysely';
import { startProbeListener } from '../core/probes/probeListener';
import { watchReadiness } from '../core/probes/watchReadiness';
import { createSubscriber } from '../core/subscriptions/subscriber';
import { workerSubscriptions } from '../core/subscriptions/workerSubscriptions';
import { createToolWorker, prebuiltWorkflowBundle } from './createToolWorker';
import { serviceDeployment } from './deploymentVersion';
import { startLocalModelDiscovery } from './localModelDiscovery';
import { registerSearchAttributes } from './registerSearchAttributes';
import { ensureAnswerPurgeSchedule } from '../core/idempotency/answerPurgeSchedule';
import { freeLoopbackPort, installWorkerRuntime, temporalMetrics } from './runtime';
import { startMetricsListener } from '../core/metrics/metricsListener';
import { watchSubscriberLag } from '../core/metrics/subscriberLag';
import { tracedClientInterceptors } from '../core/tracing/clientInterceptors';

const HELP = `Usage: npm run worker [-- --help]

Runs a Temporal worker for tool calls (task queue TEMPORAL_TASK_QUEUE) and the subscriber that keeps the
asynchronous projections up to date, starts webhook deliveries, task claim timers and broadcast fan-outs, and
embeds written memory, knowledge, skills and agents for search by meaning; keeps the schedules (the idempotency
layer's answer purge, each feature's: the relay purge) in place; probes local model servers when LOCAL_MODEL_PROBE is on.
Configuration comes from the environment (see docs/configuration.md).`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const { config, log, services, tracing, db, store, x402 } = await startService('worker', 'x402 settlement is off');
  // The SDK core's own metrics only when this worker exports any (WORKER_METRICS_PORT): its /metrics passes them on.
  installWorkerRuntime('WARN', config.workerMetricsPort ? await freeLoopbackPort() : undefined);
  const { temporal } = services;
  // Checked first (a misconfigured connection stops the start naming the setting), then the search attributes.
  await registerSearchAttributes(temporal, config.temporalConnectTimeoutSeconds * 1000, (line) => log.warn(line));
  const connection = await NativeConnection.connect(temporal.connection);
  const localModels = startLocalModelDiscovery({ config, db, log: (fields, line) => log.info(fields, line) });
  // The worker's own, so that its stop frees the local embedding model: a thread left with it held the process open.
  const embedder = createEmbedder(config);
  const deployment = serviceDeployment(config, (fields, line) => log.info(fields, line));
  const worker = await createToolWorker({
    connection,
    namespace: temporal.namespace,
    taskQueue: config.taskQueue,
    activities: createActivities({ store, config, x402, localServers: localModels.models, embedder }),
    tracing,
    deployment: deployment.options,
  });
  const client = new Client({ connection, namespace: temporal.namespace, interceptors: tracedClientInterceptors(tracing) });
  const handlers = workerSubscriptions({ client, taskQueue: config.taskQueue, config });
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
  // Liveness and readiness on a thread and port of their own (core/probes/): a worker busy with activities still answers.
  const probes = config.workerProbePort
    ? await startProbeListener({ port: config.workerProbePort, host: config.probeHost, log: (fields, line) => log.info(fields, line) })
    : null;
  const readiness = probes
    ? watchReadiness(probes, {
        dependencies: async () => {
          const answers = async (probe: () => Promise<unknown>) =>
            probe().then(
              () => true,
              () => false,
            );
          const [database, temporal] = await Promise.all([answers(() => sql`select 1`.execute(db)), answers(() => client.workflowService.getSystemInfo({}))]);
          return { database, temporal };
        },
      })
    : null;
  // The call path's own schedule, then each feature's.
  await ensureAnswerPurgeSchedule(client, config);
  for (const feature of coreFeatures.values()) await feature.schedules?.(client, config);

  const stop = () => {
    log.info('worker stopping');
    readiness?.stopping();
    worker.shutdown();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  log.info(
    {
      taskQueue: config.taskQueue,
      temporal: `${temporal.connection.address} (${temporal.security})`,
      workflowBundle: prebuiltWorkflowBundle() ?? 'bundled at start',
      deploymentVersion: deployment.options ? `${deployment.options.version.deploymentName}:${deployment.options.version.buildId}` : 'unversioned',
    },
    'worker ready',
  );
  const running = worker.run();
  // Once it polls, its version is registered: made current per WORKER_VERSION_ROLLOUT (workers/deploymentVersion.ts).
  void deployment.promote(client);
  // A run that fails (a shutdown forced after its 20 s, a lost server) still frees what it holds before the process
  // ends, and the process ends as failed.
  await running.then(
    () => log.info('worker stopped'),
    (error: unknown) => {
      log.error({ err: error }, 'worker stopped with an error');
      process.exitCode = 1;
      // What it holds gets 5 s to close: a failed worker must end, for its supervisor to start another.
      setTimeout(() => void closeLocalModels().finally(() => process.exit(1)), 5_000).unref();
    },
  );
  await embedder.close();
  localModels.stop();
  await subscriber.stop();
  await metrics?.close();
  readiness?.stop();
  await probes?.close();
  await connection.close();
  await tracing?.shutdown();
  await db.destroy();
}

main().catch(exitOnStartFailure('the worker'));
