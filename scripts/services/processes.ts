import { type ChildProcess, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

export type Say = (line: string) => void;

/** Runs a command to completion, echoing its output with a prefix; throws on a non-zero exit. */
export function run(command: string, args: readonly string[], say: Say, options: SpawnOptions = {}): void {
  say(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
}

export function capture(command: string, args: readonly string[], options: SpawnOptions = {}): { ok: boolean; out: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

export function commandExists(command: string): boolean {
  return capture('sh', ['-c', `command -v ${command}`]).ok;
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, say: Say): Promise<void> {
  const started = Date.now();
  let shown = 0;
  while (!(await check())) {
    const waited = Date.now() - started;
    if (waited > timeoutMs) throw new Error(`${what} did not come up within ${Math.round(timeoutMs / 1000)} s`);
    if (waited - shown >= 5000) {
      shown = waited;
      say(`  … still waiting for ${what} (${Math.round(waited / 1000)} s)`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts a long-running child whose lines are prefixed with its name. */
export function startProcess(name: string, command: string, args: readonly string[], options: SpawnOptions & { quiet?: boolean } = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${name}] `;
  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffer = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (!options.quiet) for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

export function stopProcess(child: ChildProcess, graceMs = 10_000, options: { quietWhileStopping?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // A server's farewell (connection resets, shutdown warnings) is noise once we asked it to stop.
    if (options.quietWhileStopping) for (const stream of [child.stdout, child.stderr]) stream?.removeAllListeners('data').resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
