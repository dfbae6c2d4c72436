import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { msToTs } from '@temporalio/common/lib/time';
import { Connection } from '@temporalio/client';
import { loadConfig } from '../../core/config/loadConfig';
import { connectTemporal } from '../../core/temporal/connectTemporal';
import { type TemporalTarget, temporalTarget } from '../../core/temporal/temporalTarget';
import { TemporalSettingError } from '../../core/temporal/temporalSettingError';
import { registerSearchAttributes } from '../../workers/registerSearchAttributes';
import { ensureCertificates, type TemporalCertificates } from './certificates';
import { ensureDatabase } from './postgres';
import { capture, portOpen, type Say, startProcess, stopProcess, waitFor } from './processes';
import { ensureTemporalServerBuild } from './temporalServerBuild';
import { PRODUCTION_PORTS, temporalServerConfig, type TemporalServerPorts, temporalUiConfig } from './temporalServerConfig';

/** How long a namespace keeps a closed workflow's history (the dev server keeps one day; an auditor wants more). */
const RETENTION_SECONDS = 3 * 24 * 3600;

export interface ProductionTemporal {
  readonly target: TemporalTarget;
  /** Temporal's own variables that point a process of ours at it (address, CA, server name, client certificate). */
  readonly env: Readonly<Record<string, string>>;
  readonly certificates: TemporalCertificates;
  readonly uiUrl: string | null;
  /** Prometheus /metrics of the server (persistence requests, shard ownership …). */
  readonly metricsUrl: string;
  readonly startedHere: boolean;
  stop(): Promise<void>;
}

/**
 * The Temporal server as production runs it, on this machine: built from go.temporal.io/server, PostgreSQL
 * persistence and SQL visibility on the given server (databases `temporal` and `temporal_visibility`, their schemas
 * applied by the module's own temporal-sql-tool and SQL files), `shards` history shards, mTLS on its frontend and
 * between its services with certificates of a CA made at first start, and its web UI over the same mTLS. Reused when
 * it already listens.
 */
export async function ensureProductionTemporal(options: {
  dataDir: string;
  /** The PostgreSQL the service uses: Temporal gets databases of its own there. */
  databaseUrl: string;
  say: Say;
  shards?: number;
  ports?: TemporalServerPorts;
  /** Its databases dropped first: a run that must start from no workflows (the chaos run's). */
  fresh?: boolean;
  /** Where its data (certificates, configuration, log) lives, under dataDir. */
  folder?: string;
  /** Its databases' names (default `temporal` and `temporal_visibility`): a second server on the same PostgreSQL needs others. */
  databases?: { readonly default: string; readonly visibility: string };
}): Promise<ProductionTemporal> {
  const { say } = options;
  const ports = options.ports ?? PRODUCTION_PORTS;
  const dir = path.join(options.dataDir, options.folder ?? 'temporal-production');
  const certificates = ensureCertificates(path.join(dir, 'pki'), say);
  const env = {
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.frontend}`,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TLS_SERVER_CA_CERT_PATH: certificates.ca.cert,
    TEMPORAL_TLS_SERVER_NAME: certificates.serverName,
    TEMPORAL_TLS_CLIENT_CERT_PATH: certificates.client.cert,
    TEMPORAL_TLS_CLIENT_KEY_PATH: certificates.client.key,
  };
  // Through the one module every process of ours uses: the same variables, read the same way.
  const target = temporalTarget(loadConfig({ ...withoutTemporalVariables(process.env), ...env }));
  const metricsUrl = `http://127.0.0.1:${ports.metrics}/metrics`;
  const uiUrl = `http://localhost:${ports.ui}`;
  if (await portOpen(ports.frontend)) {
    say(`production Temporal already listening on ${target.connection.address}: using it`);
    await (await connectTemporal(target, 30_000)).close();
    return { target, env, certificates, uiUrl: (await portOpen(ports.ui)) ? uiUrl : null, metricsUrl, startedHere: false, stop: async () => undefined };
  }

  const build = await ensureTemporalServerBuild(say);
  const postgres = postgresOf(options.databaseUrl);
  const databases = options.databases ?? { default: 'temporal', visibility: 'temporal_visibility' };
  for (const [database, schema] of [
    [databases.default, 'temporal'],
    [databases.visibility, 'visibility'],
  ] as const) {
    if (options.fresh) await dropDatabase(options.databaseUrl, database);
    await ensureDatabase(options.databaseUrl, database);
    await applySchema(build, postgres, database, path.join(build.schemaDir, schema, 'versioned'), say);
  }

  mkdirSync(path.join(dir, 'config'), { recursive: true });
  const dynamicConfigFile = path.join(dir, 'config', 'dynamicconfig.yaml');
  if (!existsSync(dynamicConfigFile)) writeFileSync(dynamicConfigFile, '{}\n');
  const configFile = path.join(dir, 'config', 'production.yaml');
  const shards = options.shards ?? 4;
  writeFileSync(configFile, temporalServerConfig({ ports, shards, certificates, postgres, databases, dynamicConfigFile }));

  say(`starting the production Temporal server (PostgreSQL, ${shards} history shards, mTLS) on ${target.connection.address}`);
  const log = createWriteStream(path.join(dir, 'server.log'), { flags: 'a' });
  const server = startProcess('temporal-server', build.server, ['--config-file', configFile, '--allow-no-auth', 'start'], { quiet: true });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const stops: (() => Promise<void>)[] = [() => stopProcess(server, 15_000, { quietWhileStopping: true })];
  const stop = async () => {
    for (const each of stops.reverse()) await each();
  };
  try {
    await waitFor(
      'the production Temporal frontend',
      async () => {
        if (server.exitCode !== null) throw new Error(`the Temporal server exited (${server.exitCode}): see ${path.join(dir, 'server.log')}`);
        return portOpen(ports.frontend);
      },
      120_000,
      say,
    );
    await ensureNamespace(target, say);
    await registerSearchAttributes(target, 60_000, say);
    let ui: string | null = null;
    if (build.ui) {
      const uiRoot = path.join(dir, 'ui');
      mkdirSync(path.join(uiRoot, 'config'), { recursive: true });
      writeFileSync(path.join(uiRoot, 'config', 'production.yaml'), temporalUiConfig({ ports, certificates }));
      const child = startProcess('temporal-ui', build.ui, ['--root', uiRoot, '--config', 'config', '--env', 'production', 'start'], { quiet: true });
      stops.push(() => stopProcess(child, 5_000, { quietWhileStopping: true }));
      await waitFor('the Temporal web UI', () => portOpen(ports.ui), 30_000, say);
      ui = uiUrl;
    }
    return { target, env, certificates, uiUrl: ui, metricsUrl, startedHere: true, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The server's own variables removed, so the production server's are the only ones read. */
function withoutTemporalVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('TEMPORAL_')));
}

function postgresOf(databaseUrl: string) {
  // The Temporal server reaches PostgreSQL over TCP, even where we use its socket (`postgres://u:p@/db?host=/dir&port=N`).
  const url = new URL(databaseUrl.replace('@/', '@127.0.0.1/'));
  const port = Number(url.port || url.searchParams.get('port') || 5432);
  return { host: url.hostname, port, user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

/** The module's schema at its newest version: set up once (version 0.0), then every versioned step not applied yet. */
async function applySchema(build: { sqlTool: string }, postgres: ReturnType<typeof postgresOf>, database: string, versioned: string, say: Say): Promise<void> {
  const base = ['--plugin', 'postgres12', '--ep', postgres.host, '-p', String(postgres.port), '-u', postgres.user, '--pw', postgres.password, '--db', database];
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: postgres.user, password: postgres.password, database });
  await client.connect();
  const set = await client
    .query(`select 1 from information_schema.tables where table_name = 'schema_version'`)
    .then((r) => r.rowCount! > 0)
    .finally(() => client.end());
  if (!set) {
    const setup = capture(build.sqlTool, [...base, 'setup-schema', '-v', '0.0']);
    if (!setup.ok) throw new Error(`temporal-sql-tool setup-schema on ${database} failed: ${setup.out}`);
  }
  const update = capture(build.sqlTool, [...base, 'update-schema', '-d', versioned]);
  if (!update.ok) throw new Error(`temporal-sql-tool update-schema on ${database} failed: ${update.out}`);
  say(`Temporal schema of ${database} is current`);
}

/** The `default` namespace, registered once the frontend answers (a fresh cluster has none). */
async function ensureNamespace(target: TemporalTarget, say: Say): Promise<void> {
  await waitFor(
    'the production Temporal frontend to answer',
    async () => {
      try {
        const connection = await connectTemporal(target, 5_000);
        try {
          // Also through the frontend's namespace cache (a namespace just registered is found there seconds later).
          await connection.operatorService.listSearchAttributes({ namespace: target.namespace });
          return true;
        } catch (error) {
          if ((error as { code?: number }).code === 5) return false;
          throw error;
        } finally {
          await connection.close();
        }
      } catch (error) {
        if (!(error instanceof TemporalSettingError) || !error.message.includes('there is no namespace')) return false;
        const connection = await Connection.connect({ ...target.connection, connectTimeout: 5_000 });
        try {
          await connection.workflowService.registerNamespace({
            namespace: target.namespace,
            workflowExecutionRetentionPeriod: msToTs(RETENTION_SECONDS * 1000),
          });
          say(`namespace ${target.namespace} registered (retention ${RETENTION_SECONDS / 3600} h)`);
        } catch (registering) {
          if ((registering as { code?: number }).code !== 6) throw registering; // 6: already exists
        } finally {
          await connection.close();
        }
        return false;
      }
    },
    120_000,
    say,
  );
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}
