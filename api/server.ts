import type { AddressInfo } from 'node:net';
import { Client } from '@temporalio/client';
import { systemClock } from '../core/clock/clock';
import { exitOnStartFailure } from '../core/startup/startFailure';
import { startService } from '../core/startup/startService';
import { startProbeListener } from '../core/probes/probeListener';
import { admissionFor } from './admission/admissionFor';
import { watchReadiness } from '../core/probes/watchReadiness';
import { dependencyChecks } from './free/systemStatus';
import { connectTemporal } from '../core/temporal/connectTemporal';
import { createApp } from './app';
import { listenForKeyChanges } from '../core/accounts/keyChanges';
import { holdClaimOwner } from '../core/idempotency';
import { checkIdempotencyWindow } from './idempotency/idempotencyWindow';
import { createHttpServer } from './httpServer';
import { inFlightRequests } from './inFlight';
import { links } from './links';
import { startMetricsListener } from '../core/metrics/metricsListener';
import type { TemporalMetricsSource } from '../core/metrics/metricsText';
import { tracedClientInterceptors } from '../core/tracing/clientInterceptors';

/**
 * How long a stopping API waits for running requests: a call's usual seconds with room to spare, and under the 30 s
 * an orchestrator (Kubernetes, docker compose) gives before it kills. Callers cut off can still collect their answers
 * with their X-Request-Id.
 */
const STOP_GRACE_MS = 20_000;

/** How long a stopped API may take to end on its own before it exits regardless. */
const LINGER_MS = 5_000;

const HELP = `Usage: npm run api [-- --help]

Serves the HTTP API on HOST:PORT. With EMBEDDED_WORKER=true it also runs a tool-call worker in-process
(workers/embeddedWorker.ts, loaded only then) and starts workflows eagerly on it. Configuration comes from the
environment (see docs/configuration.md).`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const { config, log, services, tracing, pool, db, store, x402, x402Off } = await startService('api', 'x402 payments are off');

  let client: Client;
  let close: () => Promise<void>;
  // Before a forced exit: the embedded worker's local models (a live llama.cpp thread holds process.exit).
  let closeLocalModels: () => Promise<void> = async () => undefined;
  let temporalMetrics: TemporalMetricsSource | undefined;
  if (config.embeddedWorker) {
    // Loaded only when asked for: a plain API process holds no tool code, NLP model or provider SDK.
    const { startEmbeddedWorker } = await import('../workers/embeddedWorker.js');
    const embedded = await startEmbeddedWorker({
      store,
      config,
      x402,
      temporal: services.temporal,
      tracing,
      log: (fields, line) => log.info(fields, line),
    });
    client = embedded.client;
    temporalMetrics = embedded.temporalMetrics;
    close = () => embedded.stop();
    closeLocalModels = () => embedded.closeLocalModels();
  } else {
    // Checked before anything relies on it: a misconfigured connection stops the start, naming the setting.
    const connection = await connectTemporal(services.temporal, config.temporalConnectTimeoutSeconds * 1000);
    client = new Client({ connection, namespace: services.temporal.namespace, interceptors: tracedClientInterceptors(tracing) });
    close = () => connection.close();
  }

  await checkIdempotencyWindow(client, services.temporal.namespace, log);
  const metrics = config.metricsPort
    ? await startMetricsListener({
        port: config.metricsPort,
        host: config.metricsHost,
        token: config.metricsToken,
        ...(temporalMetrics ? { temporal: temporalMetrics } : {}),
        log: (fields, line) => log.info(fields, line),
      })
    : null;
  // Every replica hears a key's change (revoked, rotated, limits) at its commit, so its key cache drops it at once.
  const keyChanges = await listenForKeyChanges(services.databaseUrl, {
    onError: (error) => log.warn({ err: error }, 'key change feed lost: keys are read afresh until it is back'),
  });
  // The lock that tells other replicas this API's idempotency claims are alive (a killed API's pass on at once).
  const claimOwner = await holdClaimOwner(services.databaseUrl, {
    onError: (error) => log.warn({ err: error }, 'idempotency claim owner lock lost: new claims pass on by lease alone until it is back'),
  });
  const inFlight = inFlightRequests();
  const admission = admissionFor(config);
  const app = createApp({
    ...(admission ? { admission } : {}),
    inFlight,
    config,
    store,
    pool,
    log,
    clock: systemClock,
    startedAt: systemClock.now(),
    temporal: { client, eagerStart: config.embeddedWorker },
    x402,
    x402Off,
    ...(temporalMetrics ? { temporalMetrics } : {}),
    ...(tracing ? { tracer: tracing.tracer } : {}),
    keyChanges,
    claimOwner,
  });
  const server = createHttpServer(app, links(config).docs()).listen(config.port, config.host, () => {
    // PORT=0 takes a free port: the log says which.
    const { port } = server.address() as AddressInfo;
    log.info({ port, embeddedWorker: config.embeddedWorker }, `API listening on http://${config.host}:${port}`);
  });
  server.keepAliveTimeout = 65_000;
  // Liveness and readiness on a thread and port of their own: answered at once however busy this process is.
  const probes = config.probePort
    ? await startProbeListener({ port: config.probePort, host: config.probeHost, log: (fields, line) => log.info(fields, line) })
    : null;
  const readiness = probes
    ? watchReadiness(probes, {
        dependencies: async () => {
          const { database, temporal } = await dependencyChecks({ store, temporal: { client, eagerStart: config.embeddedWorker } });
          return { database: database.ok, temporal: temporal.ok };
        },
        ...(admission ? { shedding: () => admission.shedding() } : {}),
      })
    : null;

  const stop = async () => {
    log.info('API stopping');
    // Readiness says so at once: a load balancer stops sending new requests while the running ones finish.
    readiness?.stopping();
    // No new requests; the running ones finish (their calls' workflows go on regardless) before their connections close.
    server.close();
    server.closeIdleConnections();
    if (!(await inFlight.finish(STOP_GRACE_MS))) {
      // Their calls wait on Temporal (unreachable, or slow): closing the client under them would crash the process
      // from the client's retry timers. Their workflows go on; their callers collect the answers by request id.
      log.warn({ running: inFlight.count() }, `requests still running after ${STOP_GRACE_MS} ms: exiting without them`);
      await closeLocalModels();
      process.exit(0);
    }
    log.info('requests finished');
    server.closeAllConnections();
    await metrics?.close();
    readiness?.stop();
    await probes?.close();
    await keyChanges.close();
    await claimOwner.close();
    await close();
    await tracing?.shutdown();
    await db.destroy();
    log.info('API stopped');
    // Everything of ours is closed: the process ends when its event loop is empty. Should something still hold it
    // (a library's handle), the log names what, and the process exits rather than linger until it is killed.
    setTimeout(() => {
      log.warn({ holding: process.getActiveResourcesInfo() }, `still running ${LINGER_MS} ms after stopping: exiting`);
      void closeLocalModels().finally(() => process.exit(0));
    }, LINGER_MS).unref();
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch(exitOnStartFailure('the API'));
