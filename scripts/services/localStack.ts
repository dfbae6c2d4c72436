import { loadConfig } from '../../core/config/loadConfig';
import { dataDir } from './paths';
import { ensureDatabase, ensureLocalPostgres } from './postgres';
import type { Say } from './processes';
import { registerSearchAttributes } from '../../workers/registerSearchAttributes';
import { ensureLocalTemporal, type TemporalPorts } from './temporal';

export interface LocalStack {
  readonly databaseUrl: string;
  readonly temporalAddress: string;
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

    let temporalAddress = config.temporalAddress;
    let temporalUiUrl: string | null = config.temporalUiUrl;
    if (!temporalAddress) {
      const temporal = await ensureLocalTemporal({
        dataDir: options.ownTemporal?.dataDir ?? dataDir(config.dataDir),
        say,
        headless: options.headlessTemporal,
        quiet: options.quietTemporal,
        ...(options.ownTemporal ? { ports: options.ownTemporal.ports } : {}),
      });
      if (temporal.startedHere) stops.unshift(() => temporal.stop());
      temporalAddress = temporal.address;
      temporalUiUrl = temporal.uiUrl;
    } else {
      say(`Temporal: using TEMPORAL_ADDRESS ${temporalAddress}`);
      await registerSearchAttributes(temporalAddress, config.temporalNamespace);
    }
    return { databaseUrl, temporalAddress, temporalUiUrl, stop: stopAll };
  } catch (error) {
    // A start that fails stops what it started: nothing is left running for the next try to trip over.
    await stopAll();
    throw error;
  }
}
