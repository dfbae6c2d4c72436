import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureLocalPostgres, findPostgresBin, type LocalPostgres } from './postgres';
import { binariesRelease } from './postgresPackages';
import { portOpen } from './processes';

/**
 * The failure paths of a fresh start that can be made on this machine, on a real throwaway cluster of its own (its own
 * folder and port, run from a copy of this machine's PostgreSQL binaries, so that they can be replaced under it as a
 * package upgrade does): a half-written cluster folder, the binaries replaced under a running server, a port taken by
 * something that is not PostgreSQL. A start whose migrations fail is test/e2e/failedStart.e2e.test.ts.
 */
const systemBin = findPostgresBin();
const major = systemBin ? binariesRelease(systemBin)?.split('.')[0] : undefined;
let root: string;
let bin: string;
let lines: string[];
const say = (line: string) => lines.push(line);
const savedPgBin = process.env.PG_BIN;
const running: LocalPostgres[] = [];

/** A copy of the server's executables laid out as Debian's, its libraries and shared files linked: replaceable here. */
function copyOfBinaries(dir: string): string {
  const copy = path.join(dir, 'usr', 'lib', 'postgresql', major!, 'bin');
  mkdirSync(copy, { recursive: true });
  for (const name of ['postgres', 'pg_ctl', 'initdb']) copyFileSync(path.join(systemBin!, name), path.join(copy, name));
  for (const name of ['postgres', 'pg_ctl', 'initdb']) chmodSync(path.join(copy, name), 0o755);
  symlinkSync(path.resolve(systemBin!, '..', 'lib'), path.join(dir, 'usr', 'lib', 'postgresql', major!, 'lib'));
  mkdirSync(path.join(dir, 'usr', 'share', 'postgresql'), { recursive: true });
  symlinkSync(`/usr/share/postgresql/${major}`, path.join(dir, 'usr', 'share', 'postgresql', major!));
  return copy;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const postmasterExe = (dataDir: string) => readlinkSync(`/proc/${readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]}/exe`);

beforeAll(() => {
  expect(systemBin).not.toBeNull();
  root = mkdtempSync(path.join(os.tmpdir(), 'fresh-start-'));
  // The server's own account (as root, the cluster runs as `postgres`) must reach its folder and binaries.
  chmodSync(root, 0o755);
  bin = copyOfBinaries(root);
  process.env.PG_BIN = bin;
});
beforeEach(() => {
  lines = [];
});
afterAll(async () => {
  for (const pg of running) await pg.stop();
  if (savedPgBin === undefined) delete process.env.PG_BIN;
  else process.env.PG_BIN = savedPgBin;
  rmSync(root, { recursive: true, force: true });
});

describe('a fresh start on this machine', () => {
  it('clears a cluster folder an interrupted initdb left half-written, and starts a new cluster in it', async () => {
    const dataDir = path.join(root, 'half-written');
    mkdirSync(path.join(dataDir, 'postgres', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'postgres', 'postgresql.conf'), '# written by an initdb that was killed\n');
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    const pg = await ensureLocalPostgres({ dataDir, port, say });
    running.push(pg);
    expect(pg.startedHere).toBe(true);
    expect(lines.some((line) => /holds no finished cluster \(no PG_VERSION\): clearing it/.test(line))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(await portOpen(port)).toBe(true);
  });

  it('restarts its running cluster whose binaries were replaced under it, before anything uses it', async () => {
    const dataDir = path.join(root, 'replaced');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    const first = await ensureLocalPostgres({ dataDir, port, say });
    running.push(first);
    const executable = path.join(bin, 'postgres');
    expect(postmasterExe(dataDir)).toBe(executable);
    // A package upgrade writes a new file and renames it over the old one: the running server's file is now deleted.
    copyFileSync(executable, `${executable}.new`);
    chmodSync(`${executable}.new`, 0o755);
    renameSync(`${executable}.new`, executable);
    expect(postmasterExe(dataDir)).toBe(`${executable} (deleted)`);

    lines = [];
    const again = await ensureLocalPostgres({ dataDir, port, say });
    expect(again.startedHere).toBe(false);
    expect(lines).toContain('restarting PostgreSQL: its executable was replaced on disk while it ran (a package upgrade)');
    // It now runs the binaries on disk.
    expect(postmasterExe(dataDir)).toBe(executable);
  });

  it('refuses a port taken by something that is not PostgreSQL, saying what to do, and starts nothing', async () => {
    // Another program on the port: it answers what it answers (here an HTTP error) and hangs up.
    const sockets = new Set<net.Socket>();
    const squatter = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as net.AddressInfo;
    const dataDir = path.join(root, 'port-taken');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    try {
      await expect(ensureLocalPostgres({ dataDir, port, say })).rejects.toThrow(
        new RegExp(`port ${port} is taken by something that is not our PostgreSQL .*set PG_PORT to a free port`),
      );
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
