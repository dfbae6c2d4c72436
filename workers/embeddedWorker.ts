import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { localCallEnds } from '../core/calls/localCallEnds';
import type { EventStore } from '../core/eventStore';
import type { X402Runtime } from '../core/x402/x402Runtime';
import type { Config } from '../schema/config';
import { createActivities } from '../activities/createActivities';
import { createEmbedder } from '../activities/embeddings/createEmbedder';
import { closeLocalModels } from '../activities/embeddings/localEmbeddingModel';
import { createToolWorker } from './createToolWorker';
import { serviceDeployment } from './deploymentVersion';
import { startLocalModelDiscovery } from './localModelDiscovery';
import { freeLoopbackPort, installWorkerRuntime, temporalMetrics } from './runtime';
import type { TemporalMetricsSource } from '../core/metrics/metricsText';
import { tracedClientInterceptors } from '../core/tracing/clientInterceptors';
import type { Tracing } from '../core/tracing/tracing';
import { checkTemporal, type TemporalTarget } from '../core/temporal';

export interface EmbeddedWorker {
  /** A client on the worker's own connection: workflows it starts eagerly begin on this worker, saving a round trip. */
  readonly client: Client;
  /** Where the SDK core serves this worker's Temporal metrics, passed on by the API's /metrics. */
  readonly temporalMetrics: TemporalMetricsSource;
  /** Resolves when the worker has stopped (after stop()). */
  readonly running: Promise<void>;
  stop(): Promise<void>;
  /** Frees the local models before a forced exit: a live llama.cpp thread holds process.exit. */
  closeLocalModels(): Promise<void>;
}

/**
 * A tool-call worker inside the API process (EMBEDDED_WORKER=true), for small deployments that want the lowest
 * latency: the API starts workflows eagerly on it. Loaded only when turned on, so a plain API process never holds
 * tool code, NLP models or provider SDKs. Standalone workers (`npm run worker`) serve the same queue either way.
 */
export async function startEmbeddedWorker(options: {
  store: EventStore;
  config: Config;
  x402: X402Runtime | null;
  temporal: TemporalTarget;
  /** The API's tracing, if on: the worker's workflows and activities join the traces its requests begin. */
  tracing: Tracing | null;
  log: (fields: Record<string, unknown>, line: string) => void;
}): Promise<EmbeddedWorker> {
  const { config } = options;
  installWorkerRuntime('WARN', config.metricsPort ? await freeLoopbackPort() : undefined);
  const { temporal } = options;
  await checkTemporal(temporal, config.temporalConnectTimeoutSeconds * 1000);
  const connection = await NativeConnection.connect(temporal.connection);
  const localModels = startLocalModelDiscovery({ config, db: options.store.db, log: options.log });
  // The worker's own, so that its stop frees the local embedding model: a thread left with it held the process open.
  const embedder = createEmbedder(config);
  const deployment = serviceDeployment(config, options.log);
  const worker = await createToolWorker({
    connection,
    namespace: temporal.namespace,
    taskQueue: config.taskQueue,
    activities: createActivities({ store: options.store, config, x402: options.x402, localServers: localModels.models, embedder }),
    onCallEnded: (callId, end) => localCallEnds.deliver(callId, end),
    tracing: options.tracing,
    deployment: deployment.options,
  });
  const running = worker.run();
  const client = new Client({ connection, namespace: temporal.namespace, interceptors: tracedClientInterceptors(options.tracing) });
  // The same version as the standalone workers of this release (workers/deploymentVersion.ts), made current as they do.
  void deployment.promote(client);
  return {
    client,
    temporalMetrics,
    running,
    closeLocalModels,
    async stop() {
      localModels.stop();
      worker.shutdown();
      // Each stage is logged: a stop that hangs says where.
      await running.then(
        () => options.log({}, 'embedded worker stopped'),
        (error: unknown) => options.log({ err: error }, 'embedded worker stopped with an error'),
      );
      await embedder.close();
      options.log({}, 'local embedding model closed');
      await connection.close();
    },
  };
}
