import pino, { type Logger } from 'pino';
import { loadConfig } from '../config/loadConfig';
import { type Config } from '../../schema/config';
import { resolveServices } from '../config/resolveServices';
import type { TemporalTarget } from '../temporal/temporalTarget';
import { createPool, type Db, dbFromPool } from '../db/createDb';
import { migrate } from '../db/migrate';
import { createEventStore, type EventStore } from '../eventStore';
import { coreFeatures } from '../features';
import { allProjections, inlineProjections } from '../projections/allProjections';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { startTracing, type Tracing } from '../tracing/tracing';
import { loadX402, type X402Runtime } from '../x402/x402Runtime';
import type pg from 'pg';

/** What both processes start from: configuration, log, the database migrated and its event store, x402 if configured. */
export interface StartedService {
  readonly config: Config;
  readonly log: Logger;
  readonly services: { readonly databaseUrl: string; readonly temporal: TemporalTarget };
  /** This process's tracing, or null when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not set. */
  readonly tracing: Tracing | null;
  readonly pool: pg.Pool;
  readonly db: Db;
  readonly store: EventStore;
  /** x402 payments and settlement, or null with the reason logged. */
  readonly x402: X402Runtime | null;
  readonly x402Off: string | undefined;
}

/**
 * The start every process of the service shares (the API, the worker): read the configuration once, start tracing
 * when configured (first, so everything after it can make spans), migrate the database and the projections' tables, open the event store, start each feature's seeding in the background, load
 * x402. `x402OffMessage` is what this process logs when x402 is not configured.
 */
export async function startService(name: 'api' | 'worker', x402OffMessage: string): Promise<StartedService> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { process: name } });
  const services = resolveServices(config);
  const tracing = startTracing({ serviceName: `toolgate-${name}`, endpoint: config.otlpTracesEndpoint });
  const pool = createPool({
    connectionString: services.databaseUrl,
    applicationName: `toolgate-${name}`,
    max: 20,
    prepareThreshold: config.pgPrepareThreshold,
  });
  const db = dbFromPool(pool);
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA, log: (line) => log.info(line) });
  const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
  // In the background: what a feature seeds need not hold the service back.
  for (const feature of coreFeatures.values()) void feature.seed?.(store, config, log);
  const x402 = loadX402(config);
  if (!x402.ok) log.warn({ reason: x402.reason }, x402OffMessage);
  return { config, log, services, tracing, pool, db, store, x402: x402.ok ? x402.runtime : null, x402Off: x402.ok ? undefined : x402.reason };
}
