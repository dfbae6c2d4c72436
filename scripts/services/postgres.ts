import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { localDatabaseUrl } from './databaseUrl';
import { installDebianPackages } from './debianPackages';
import { ensurePgvector } from './pgvector';
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
    await ensurePgvector(adminUrl('postgres'), say);
    return { adminUrl, startedHere: false, stop: async () => undefined };
  }
  const bin = findPostgresBin() ?? installPostgres(say);
  const [ctl, initdb] = [path.join(bin, 'pg_ctl'), path.join(bin, 'initdb')];

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
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
  run(cmd, args, say, { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor('PostgreSQL', () => portOpen(port), 30_000, say);
  await ensurePgvector(adminUrl('postgres'), say);
  return {
    adminUrl,
    startedHere: true,
    async stop() {
      const [stopCmd, stopArgs] = asServerUser(ctl, ['-D', dir, '-m', 'fast', '-w', 'stop']);
      capture(stopCmd, stopArgs);
    },
  };
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
