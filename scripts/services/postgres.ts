import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { localDatabaseUrl } from './databaseUrl';
import { installDebianPackages } from './debianPackages';
import { assertVectorAvailable, ensurePgvectorFiles, serverMajor } from './pgvector';
import { binariesRelease, releaseOf, staleServerReason } from './postgresPackages';
import { capture, isRoot, portOpen, run, type Say, waitFor } from './processes';

export const LOCAL_USER = 'toolgate';
const LOCAL_PASSWORD = 'toolgate';

export interface LocalPostgres {
  readonly adminUrl: (database: string) => string;
  readonly startedHere: boolean;
  stop(): Promise<void>;
}

/** Debian keeps server binaries off PATH, under /usr/lib/postgresql/<major>/bin. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((d) => existsSync(path.join(root, d, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return path.join(root, majors[0], 'bin');
  }
  const pgCtl = capture('sh', ['-c', 'command -v pg_ctl']);
  return pgCtl.ok ? path.dirname(pgCtl.out) : null;
}

export function installPostgres(say: Say): string {
  say("PostgreSQL server binaries not found: installing Debian's postgresql package");
  if (!installDebianPackages(['postgresql'], say)) {
    throw new Error('PostgreSQL is not installed and this user cannot install it: install the "postgresql" package or set DATABASE_URL');
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error('postgresql was installed but pg_ctl is still not found');
  return bin;
}

/** The server refuses to run as root: as root we act as the `postgres` account, which must reach the data folder. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function clusterDir(dataDir: string): string {
  const preferred = path.join(dataDir, 'postgres');
  if (!isRoot()) return preferred;
  mkdirSync(dataDir, { recursive: true });
  if (capture('runuser', ['-u', 'postgres', '--', 'test', '-x', dataDir]).ok) return preferred;
  // The project sits somewhere the postgres account cannot enter (e.g. under /root): keep the cluster in its home.
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join('/var/lib/postgresql', `toolgate-${id}`);
}

export async function ensureLocalPostgres(options: { dataDir: string; port: number; say: Say }): Promise<LocalPostgres> {
  const { port, say } = options;
  const dir = clusterDir(options.dataDir);
  // Our cluster puts its socket in its own folder; any other server on the port is reached over TCP.
  const adminUrl = (database: string) =>
    localDatabaseUrl({
      user: LOCAL_USER,
      password: LOCAL_PASSWORD,
      port,
      database,
      socketDir: existsSync(path.join(dir, `.s.PGSQL.${port}`)) ? dir : null,
    });
  if (await portOpen(port)) {
    say(`PostgreSQL already listening on 127.0.0.1:${port}: using it`);
    // Its packages first (they may replace its binaries), then whether it still runs the binaries on disk.
    const major = await serverMajor(adminUrl('postgres')).catch((error: unknown) => {
      throw new Error(
        `port ${port} is taken by something that is not our PostgreSQL (${error instanceof Error ? error.message : String(error)}): ` +
          `stop what listens there, or set PG_PORT to a free port (or DATABASE_URL to a server of your own)`,
        { cause: error },
      );
    });
    const bin = majorBin(major);
    if (bin) await ensurePgvectorFiles(major, say);
    const stale = await staleness(adminUrl('postgres'), bin, dir);
    if (stale) {
      if (!ownPostmaster(dir)) {
        throw new Error(
          `PostgreSQL on 127.0.0.1:${port} must be restarted before it is used: ${stale}. Restart it (Debian: pg_ctlcluster ${major} <cluster> restart), then start again`,
        );
      }
      say(`restarting PostgreSQL: ${stale}`);
      const [cmd, args] = asServerUser(path.join(bin!, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', '-t', '60', 'restart']);
      run(cmd, args, say, { stdio: ['ignore', 'ignore', 'inherit'] });
      await waitFor('PostgreSQL', () => portOpen(port), 30_000, say);
      await assertRunsItsBinaries(adminUrl('postgres'), bin, dir, port);
    }
    await assertVectorAvailable(adminUrl('postgres'));
    return { adminUrl, startedHere: false, stop: async () => undefined };
  }
  const bin = findPostgresBin() ?? installPostgres(say);
  // Every package this server needs is installed before it starts: an install under a running server replaces its files.
  const major = Number(releaseOf(binariesRelease(bin) ?? '')?.split('.')[0]);
  if (Number.isFinite(major) && major > 0) await ensurePgvectorFiles(major, say);
  const [ctl, initdb] = [path.join(bin, 'pg_ctl'), path.join(bin, 'initdb')];
  const stop = async () => {
    const [stopCmd, stopArgs] = asServerUser(ctl, ['-D', dir, '-m', 'fast', '-w', 'stop']);
    capture(stopCmd, stopArgs);
  };

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // A folder left by an initdb that did not finish holds no cluster to keep: initdb wants it empty.
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      say(`${dir} holds no finished cluster (no PG_VERSION): clearing it for a new one`);
      rmSync(dir, { recursive: true, force: true });
    }
    say(`initialising a PostgreSQL cluster in ${dir}`);
    mkdirSync(dir, { recursive: true });
    const pwfile = path.join(path.dirname(dir), '.pgpass-init');
    writeFileSync(pwfile, LOCAL_PASSWORD + '\n', { mode: 0o644 });
    if (isRoot()) chownSync(dir, uid('postgres'), gid('postgres'));
    const [cmd, args] = asServerUser(initdb, [
      '-D',
      dir,
      '-U',
      LOCAL_USER,
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    try {
      run(cmd, args, say, { stdio: ['ignore', 'ignore', 'inherit'] });
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  say(`starting PostgreSQL on 127.0.0.1:${port}`);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const [cmd, args] = asServerUser(ctl, ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  try {
    run(cmd, args, say, { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor('PostgreSQL', () => portOpen(port), 30_000, say);
    await assertRunsItsBinaries(adminUrl('postgres'), bin, dir, port);
    await assertVectorAvailable(adminUrl('postgres'));
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message} (the server log: ${path.join(dir, 'server.log')})`, { cause: error });
  }
  return { adminUrl, startedHere: true, stop };
}

/** The bin folder of this machine's PostgreSQL of one major version, or null when it has none. */
function majorBin(major: number): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && binariesRelease(fromEnv)?.startsWith(`${major}.`)) return fromEnv;
  const debian = `/usr/lib/postgresql/${major}/bin`;
  return existsSync(path.join(debian, 'postgres')) ? debian : null;
}

/** The postmaster of our cluster folder, when it is running: its pid (postmaster.pid's first line). */
function ownPostmaster(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && existsSync(`/proc/${pid}`) ? pid : null;
}

/** Why the server at adminUrl does not run the binaries in bin (see staleServerReason), or null. */
async function staleness(adminUrl: string, bin: string | null, dir: string): Promise<string | null> {
  if (!bin) return null;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const running = await client
    .query<{ v: string }>(`select current_setting('server_version') as v`)
    .then((r) => releaseOf(r.rows[0]!.v))
    .finally(() => client.end());
  const pid = ownPostmaster(dir);
  const executableReplaced = pid !== null && readlinkOr(`/proc/${pid}/exe`).endsWith(' (deleted)');
  return staleServerReason({ running, onDisk: binariesRelease(bin), executableReplaced });
}

/** Before anything migrates: the server runs the binaries on disk, or the start stops here saying what to do. */
async function assertRunsItsBinaries(adminUrl: string, bin: string | null, dir: string, port: number): Promise<void> {
  const stale = await staleness(adminUrl, bin, dir);
  if (stale) throw new Error(`PostgreSQL on 127.0.0.1:${port} cannot be used: ${stale}. Stop it and start again`);
}

function readlinkOr(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}

function uid(user: string): number {
  return Number(capture('id', ['-u', user]).out);
}
function gid(user: string): number {
  return Number(capture('id', ['-g', user]).out);
}

/** Creates the database when it is missing (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`create database ${pg.escapeIdentifier(name)}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created meanwhile by another process
  } finally {
    await client.end();
  }
}
