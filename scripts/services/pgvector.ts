import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { debianPackageAvailable, installDebianPackages, runAsRoot } from './debianPackages';
import { toolsDir } from './paths';
import { archiveVersions, installedPackageVersion, pgvectorFilesInstalled, serverHeadersPackages } from './postgresPackages';
import { commandExists, run, type Say } from './processes';

/**
 * pgvector as Debian ships it: the binary package `postgresql-<major>-pgvector` where the archives have it (trixie,
 * PGDG), else Debian's own source tarball of it (the trixie package's .orig.tar.gz, checksum pinned) built here
 * against postgresql-server-dev-<major>. Bookworm, this project's machines and CI, has no binary package.
 */
export const PGVECTOR_SOURCE = {
  version: '0.8.0',
  url: 'http://deb.debian.org/debian/pool/main/p/pgvector/pgvector_0.8.0.orig.tar.gz',
  sha256: '867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0',
} as const;

const cacheDir = path.join(toolsDir, 'pgvector');

async function serverFacts(adminUrl: string): Promise<{ available: boolean; major: number }> {
  // Bounded, and its errors caught: what listens on the port may not be PostgreSQL at all (a port taken by another
  // program), which answers nonsense or nothing.
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  let lost: Error | undefined;
  client.on('error', (error) => (lost = error));
  await client.connect().catch((error: unknown) => {
    throw lost ?? error;
  });
  try {
    const { rows } = await client.query<{ available: boolean; version: string }>(
      `select exists (select 1 from pg_available_extensions where name = 'vector') as available, current_setting('server_version_num') as version`,
    );
    return { available: rows[0]!.available, major: Math.floor(Number(rows[0]!.version) / 10_000) };
  } finally {
    await client.end();
  }
}

/** The server's major version (15 for 15.18). */
export async function serverMajor(adminUrl: string): Promise<number> {
  return (await serverFacts(adminUrl)).major;
}

/**
 * pgvector's files for this machine's PostgreSQL of one major version, installed when missing. Runs before a local
 * server starts from those binaries: what the build installs (the server's headers) must never change a running
 * server's files (see postgresPackages.ts).
 */
export async function ensurePgvectorFiles(major: number, say: Say): Promise<void> {
  if (pgvectorFilesInstalled(major)) return;
  const started = Date.now();
  await installPgvector(major, say);
  if (!pgvectorFilesInstalled(major))
    throw new Error(`pgvector was installed for PostgreSQL ${major}, but its files are not in /usr/share/postgresql/${major}/extension`);
  say(`pgvector ${PGVECTOR_SOURCE.version} installed for PostgreSQL ${major} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Refuses, naming what to install, a server that cannot `create extension vector` (another machine's, a container's). */
export async function assertVectorAvailable(adminUrl: string): Promise<void> {
  const { available, major } = await serverFacts(adminUrl);
  if (available) return;
  throw new Error(
    `the PostgreSQL server offers no "vector" extension: is it another machine's (or a container's)? Install pgvector there (Debian: postgresql-${major}-pgvector; Docker: the pgvector/pgvector image)`,
  );
}

/** Installs pgvector for one PostgreSQL major version: Debian's binary package when apt has one, else built from Debian's source. */
export async function installPgvector(major: number, say: Say): Promise<void> {
  const binaryPackage = `postgresql-${major}-pgvector`;
  say(`pgvector not found for PostgreSQL ${major}: looking for Debian's ${binaryPackage}`);
  if (debianPackageAvailable(binaryPackage, say)) {
    installDebianPackages([binaryPackage], say);
    return;
  }
  say(`${binaryPackage} is not in this machine's archives: building pgvector ${PGVECTOR_SOURCE.version} from Debian's source package`);
  await buildFromSource(major, say);
}

async function buildFromSource(major: number, say: Say): Promise<void> {
  const pgConfig = `/usr/lib/postgresql/${major}/bin/pg_config`;
  const headers = existsSync(`/usr/include/postgresql/${major}/server/postgres.h`)
    ? []
    : serverHeadersPackages(major, installedPackageVersion(`postgresql-${major}`), archiveVersions(`postgresql-server-dev-${major}`));
  const needed = [...headers, ...(commandExists('make') ? [] : ['make']), ...(commandExists('gcc') ? [] : ['gcc', 'libc6-dev'])];
  if (needed.length > 0) {
    say(`installing what the build needs: ${needed.join(', ')}`);
    if (!installDebianPackages(needed, say))
      throw new Error(`building pgvector needs ${needed.join(', ')}, and this user cannot install them (no root, no sudo)`);
  }
  const source = await sourceTree(major, say);
  const make = ['PG_CONFIG=' + pgConfig, 'OPTFLAGS=']; // OPTFLAGS empty: Debian's portable build, not -march=native
  if (existsSync(path.join(source, 'vector.so'))) {
    say(`using the build cached in ${path.relative(process.cwd(), source) || source}`);
  } else {
    say(`compiling pgvector (make: seconds to a minute)`);
    run('make', ['-C', source, '-j', '2', ...make], say, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  // Into the server's own folders (pkglibdir, sharedir/extension), as apt would put them.
  runAsRoot('make', ['-C', source, 'install', ...make], say, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Debian's tarball unpacked for one major version under .tools/pgvector/, downloaded and checked once. */
async function sourceTree(major: number, say: Say): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const tarball = path.join(cacheDir, path.basename(PGVECTOR_SOURCE.url));
  if (!existsSync(tarball) || sha256Of(tarball) !== PGVECTOR_SOURCE.sha256) {
    say(`downloading ${PGVECTOR_SOURCE.url}`);
    const response = await fetch(PGVECTOR_SOURCE.url, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new Error(`could not download ${PGVECTOR_SOURCE.url}: HTTP ${response.status}`);
    writeFileSync(tarball, Buffer.from(await response.arrayBuffer()));
  }
  const actual = sha256Of(tarball);
  if (actual !== PGVECTOR_SOURCE.sha256) {
    rmSync(tarball, { force: true });
    throw new Error(`${PGVECTOR_SOURCE.url} has SHA-256 ${actual}, not the pinned ${PGVECTOR_SOURCE.sha256}: refusing to build it`);
  }
  const tree = path.join(cacheDir, `pgvector-${PGVECTOR_SOURCE.version}-pg${major}`);
  const marker = path.join(tree, '.unpacked');
  if (!existsSync(marker)) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    run('tar', ['-xzf', tarball, '-C', tree, '--strip-components=1'], say);
    writeFileSync(marker, PGVECTOR_SOURCE.sha256 + '\n');
  }
  return tree;
}

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
