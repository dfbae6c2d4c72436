import { loadConfig } from '../../core/config/loadConfig';
import { dataDir } from './paths';
import { ensureDatabase, ensureLocalPostgres } from './postgres';
import type { Say } from './processes';
import { registerSearchAttributes } from '../../workers/registerSearchAttributes';
import { ensureLocalTemporal, type TemporalPorts } from './temporal';
import { ensureProductionTemporal } from './productionTemporal';
import { withDatabase } from './databaseUrl';
import { plaintextTarget, type TemporalTarget, temporalTarget } from '../../core/temporal/temporalTarget';

export interface LocalStack {
  readonly databaseUrl: string;
  readonly temporal: TemporalTarget;
  readonly temporalAddress: string;
  /** The variables that point a child process of ours at this Temporal. */
  readonly temporalEnv: Readonly<Record<string, string>>;
  readonly temporalUiUrl: string | null;
  stop(): Promise<void>;
}

/**
 * PostgreSQL and Temporal for development and tests: those named by DATABASE_URL / TEMPORAL_ADDRESS,
 * or local ones, started (and installed) when they are not already running.
 */
export async function ensureLocalStack(options: {
  database: string;
  say: Say;
  headlessTemporal?: boolean;
  quietTemporal?: boolean;
  /** A Temporal dev server of the caller's own, on these ports with its store in this folder (the bench's). */
  ownTemporal?: { readonly ports: TemporalPorts; readonly dataDir: string };
  /**
   * Which Temporal to run when none is configured: the CLI's dev server (`dev`, the default), or the production
   * server built from go.temporal.io/server on this PostgreSQL with mTLS (`production`, scripts/services/productionTemporal.ts).
   */
  temporal?: 'dev' | 'production';
  /** The production server's ports, folder and databases, when not the usual ones (the bench's own, on an empty store). */
  productionTemporal?: Omit<Parameters<typeof ensureProductionTemporal>[0], 'dataDir' | 'databaseUrl' | 'say'>;
}): Promise<LocalStack> {
  const config = loadConfig();
  const { say } = options;
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops) await stop();
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const pg = await ensureLocalPostgres({ dataDir: dataDir(config.dataDir), port: config.pgPort, say });
      if (pg.startedHere) stops.push(() => pg.stop());
      await ensureDatabase(pg.adminUrl('postgres'), options.database);
      databaseUrl = pg.adminUrl(options.database);
    } else {
      say('PostgreSQL: using DATABASE_URL');
    }

    const configured = temporalTarget(config);
    let temporal: TemporalTarget;
    let temporalUiUrl: string | null = config.temporalUiUrl;
    let temporalEnv: Record<string, string> | undefined;
    if (!configured.configured && options.temporal === 'production') {
      const production = await ensureProductionTemporal({
        dataDir: dataDir(config.dataDir),
        databaseUrl: withDatabase(databaseUrl, 'postgres'),
        say,
        ...options.productionTemporal,
      });
      if (production.startedHere) stops.unshift(() => production.stop());
      temporal = production.target;
      temporalUiUrl = production.uiUrl;
      temporalEnv = { ...production.env };
    } else if (!configured.configured) {
      const local = await ensureLocalTemporal({
        dataDir: options.ownTemporal?.dataDir ?? dataDir(config.dataDir),
        say,
        headless: options.headlessTemporal,
        quiet: options.quietTemporal,
        namespace: configured.namespace,
        ...(options.ownTemporal ? { ports: options.ownTemporal.ports } : {}),
      });
      if (local.startedHere) stops.unshift(() => local.stop());
      temporal = plaintextTarget(local.address, configured.namespace);
      temporalUiUrl = local.uiUrl;
    } else {
      temporal = configured;
      say(`Temporal: using ${temporal.connection.address} (${temporal.security}, namespace ${temporal.namespace})`);
      await registerSearchAttributes(temporal, config.temporalConnectTimeoutSeconds * 1000, say);
    }
    const temporalAddress = temporal.connection.address;
    // What a process of ours is given to reach it: the address (a configured one's TLS settings and key come from this
    // process's own environment, which it inherits), or all of the production server's.
    temporalEnv ??= { TEMPORAL_ADDRESS: temporalAddress, TEMPORAL_NAMESPACE: temporal.namespace };
    return { databaseUrl, temporal, temporalAddress, temporalEnv, temporalUiUrl, stop: stopAll };
  } catch (error) {
    // A start that fails stops what it started: nothing is left running for the next try to trip over.
    await stopAll();
    throw error;
  }
}
