import { existsSync } from 'node:fs';
import { capture } from './processes';

/**
 * What this machine's Debian packages hold of PostgreSQL, read before any server starts from them. A package
 * installed under a running server replaces its binaries and libraries while it runs (15.18 upgraded to 15.20 by
 * postgresql-server-dev-15's dependency left a postmaster whose plpgsql.so no longer loaded), so every install
 * happens first, and the headers pgvector builds against are pinned to the server's own version when the archive
 * still carries it.
 */

/** The installed version of a Debian package (`15.18-0+deb12u1`), or null when it is not installed (or no dpkg). */
export function installedPackageVersion(name: string): string | null {
  const found = capture('dpkg-query', ['-W', '-f=${Status} ${Version}', name]);
  const match = /^install ok installed (\S+)$/.exec(found.out);
  return found.ok && match ? match[1]! : null;
}

/** Every version of a package the configured archives offer (apt-cache madison), newest first. */
export function archiveVersions(name: string): string[] {
  const found = capture('apt-cache', ['madison', name]);
  if (!found.ok) return [];
  return found.out
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter((parts) => parts[0] === name && parts[1])
    .map((parts) => parts[1]!);
}

/**
 * The packages (with apt's `name=version` pins) that give pgvector's build the headers of the installed server:
 * the same version as the server when the archive has it, so nothing of the server changes; otherwise the newest
 * headers together with the server of the same version, upgraded in the same install while no server runs from it.
 */
export function serverHeadersPackages(major: number, installedServer: string | null, offered: readonly string[]): string[] {
  const headers = `postgresql-server-dev-${major}`;
  if (installedServer === null) return [headers];
  if (offered.includes(installedServer)) return [`${headers}=${installedServer}`];
  return [headers, `postgresql-${major}`];
}

/** Whether pgvector's files are where a Debian server of this major looks for them. */
export function pgvectorFilesInstalled(major: number): boolean {
  return existsSync(`/usr/share/postgresql/${major}/extension/vector.control`) && existsSync(`/usr/lib/postgresql/${major}/lib/vector.so`);
}

/** `15.18` from a server's `server_version` or `postgres --version` (`postgres (PostgreSQL) 15.18 (Debian …)`). */
export function releaseOf(versionText: string): string | null {
  return /(\d+\.\d+)/.exec(versionText)?.[1] ?? null;
}

/** The release of the server binaries in a bin folder, as `postgres --version` prints it. */
export function binariesRelease(bin: string): string | null {
  const found = capture(`${bin}/postgres`, ['--version']);
  return found.ok ? releaseOf(found.out) : null;
}

/**
 * Why a running server no longer matches the binaries on disk, or null when it does: it reports another release
 * than they are, or its own executable was replaced under it (Linux shows the running file as deleted).
 */
export function staleServerReason(facts: { running: string | null; onDisk: string | null; executableReplaced: boolean }): string | null {
  if (facts.running && facts.onDisk && facts.running !== facts.onDisk) {
    return `it runs PostgreSQL ${facts.running}, but the binaries on disk are ${facts.onDisk} (upgraded while it ran)`;
  }
  if (facts.executableReplaced) return 'its executable was replaced on disk while it ran (a package upgrade)';
  return null;
}
