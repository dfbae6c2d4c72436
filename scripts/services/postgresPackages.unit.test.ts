import { releaseOf, serverHeadersPackages, staleServerReason } from './postgresPackages';

/**
 * The decisions that keep a fresh start from breaking PostgreSQL under itself (issue 44: postgresql-server-dev-15,
 * installed to build pgvector, upgraded a running 15.18 server to 15.20 and migration 0001 failed on plpgsql.so).
 * The real cluster's paths are in freshStart.int.test.ts.
 */
describe("pgvector's build headers", () => {
  it('are pinned to the installed server’s own version when the archive still has it: the server is not touched', () => {
    expect(serverHeadersPackages(15, '15.18-0+deb12u1', ['15.20-0+deb12u1', '15.18-0+deb12u1'])).toEqual(['postgresql-server-dev-15=15.18-0+deb12u1']);
  });

  it('come with the server of the same version when the archive has moved on: both upgraded in one install, before it starts', () => {
    expect(serverHeadersPackages(15, '15.18-0+deb12u1', ['15.20-0+deb12u1'])).toEqual(['postgresql-server-dev-15', 'postgresql-15']);
  });

  it('are the newest when no server package is installed (a server from elsewhere, or none yet)', () => {
    expect(serverHeadersPackages(16, null, ['16.9-1'])).toEqual(['postgresql-server-dev-16']);
  });
});

describe('a running server checked against its binaries before anything migrates', () => {
  it('is stale when it reports another release than the binaries on disk (upgraded while it ran)', () => {
    expect(staleServerReason({ running: '15.18', onDisk: '15.20', executableReplaced: false })).toBe(
      'it runs PostgreSQL 15.18, but the binaries on disk are 15.20 (upgraded while it ran)',
    );
  });

  it('is stale when its executable was replaced on disk under it, even at the same release (a reinstall)', () => {
    expect(staleServerReason({ running: '15.20', onDisk: '15.20', executableReplaced: true })).toMatch(/executable was replaced on disk/);
  });

  it('is fine when it runs what is on disk, or when the disk cannot be read (a server of another machine)', () => {
    expect(staleServerReason({ running: '15.20', onDisk: '15.20', executableReplaced: false })).toBeNull();
    expect(staleServerReason({ running: '15.20', onDisk: null, executableReplaced: false })).toBeNull();
  });

  it('reads the release from what the server and its binaries print', () => {
    expect(releaseOf('postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)')).toBe('15.18');
    expect(releaseOf('15.20 (Debian 15.20-0+deb12u1)')).toBe('15.20');
    expect(releaseOf('no version')).toBeNull();
  });
});
