import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../activities/createActivities';
import { coreFeatures } from '../core/features';
import { startService } from '../core/startup/startService';
import { createSubscriber } from '../core/subscriptions/subscriber';
import { workerSubscriptions } from '../core/subscriptions/workerSubscriptions';
import { createToolWorker, prebuiltWorkflowBundle } from './createToolWorker';
import { startLocalModelDiscovery } from './localModelDiscovery';
import { registerSearchAttributes } from './registerSearchAttributes';
import { ensureAnswerPurgeSchedule } from '../core/idempotency/answerPurgeSchedule';
import { installWorkerRuntime } from './runtime';

const HELP = `Usage: npm run worker [-- --help]

Runs a Temporal worker for tool calls (task queue TEMPORAL_TASK_QUEUE) and the subscriber that keeps the
asynchronous projections up to date and starts webhook deliveries, task claim timers and broadcast fan-outs; keeps the schedules (the idempotency
layer's answer purge, each feature's: the relay purge) in place; probes local model servers when LOCAL_MODEL_PROBE is on.
Configuration comes from the environment (see README).`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  installWorkerRuntime();
  const { config, log, services, db, store, x402 } = await startService('worker', 'x402 settlement is off');
  await registerSearchAttributes(services.temporalAddress, config.temporalNamespace);
  const connection = await NativeConnection.connect({ address: services.temporalAddress });
  const localModels = startLocalModelDiscovery({ config, db, log: (fields, line) => log.info(fields, line) });
  const worker = await createToolWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    activities: createActivities({ store, config, x402, localServers: localModels.models }),
  });
  const client = new Client({ connection, namespace: config.temporalNamespace });
  const subscriber = createSubscriber({
    db,
    connectionString: services.databaseUrl,
    handlers: workerSubscriptions({ client, taskQueue: config.taskQueue, config }),
    onError: (error) => log.error({ err: error }, 'projection subscriber error'),
  });
  await subscriber.start();
  // The call path's own schedule, then each feature's.
  await ensureAnswerPurgeSchedule(client, config);
  for (const feature of coreFeatures.values()) await feature.schedules?.(client, config);

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
  await connection.close();
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
