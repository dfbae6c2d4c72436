import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { programExit } from './launcherExit';
import { createCallCgroups } from './callCgroups';
import { JAIL_SCRIPT, UNSHARE_ARGS } from './jailScript';

export interface SandboxLimits {
  readonly python: string;
  readonly memoryMb: number;
  readonly maxSeconds: number;
}

export interface PythonRun {
  readonly code: string;
  readonly stdin?: string;
  readonly timeoutSeconds: number;
}

export interface PythonResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit_code: number;
  readonly timed_out: boolean;
  readonly duration_ms: number;
  readonly truncated: { readonly stdout: boolean; readonly stderr: boolean };
  readonly limits: {
    readonly timeout_seconds: number;
    readonly cpu_seconds: number;
    readonly memory_mb: number;
    readonly processes: number;
    readonly output_bytes: number;
    readonly file_mb: number;
  };
}

/** Per stream; a program that writes more is stopped, so an endless print loop costs nothing. */
const OUTPUT_BYTES = 64 * 1024;
const PROCESSES = 32;
const SCRATCH_MB = 16;
/** Sandbox uids are picked from a range no account uses, one per run, so process-count limits of runs never mix. */
const FIRST_UID = 200_000;
const UIDS = 100_000;

const SIGNALS: Readonly<Record<string, number>> = { SIGKILL: 9, SIGTERM: 15, SIGXCPU: 24, SIGXFSZ: 25, SIGSEGV: 11, SIGABRT: 6 };

/**
 * Runs a Python program in the jail (jailScript.ts): namespaces, a root of /usr and scratch tmpfs, an
 * unprivileged uid, rlimits (CPU, address space, processes, file size, open files) and, where the worker may
 * create them, cgroups bounding memory and processes together. The wall clock is ours: at the time limit, or
 * when the call is cancelled, the whole namespace is killed.
 */
export async function runPython(run: PythonRun, limits: SandboxLimits, signal?: AbortSignal): Promise<PythonResult> {
  signal?.throwIfAborted();
  const timeoutSeconds = Math.min(run.timeoutSeconds, limits.maxSeconds);
  const cpuSeconds = timeoutSeconds + 1;
  const memoryBytes = limits.memoryMb * 1024 * 1024;
  const id = randomBytes(6).toString('hex');
  const dir = await mkdtemp(path.join(tmpdir(), 'coderun-'));
  const cgroups = await createCallCgroups(id, { memoryBytes, processes: PROCESSES });
  try {
    const root = path.join(dir, 'root');
    const program = path.join(dir, 'main.py');
    await mkdir(root);
    await writeFile(program, run.code, { mode: 0o644 });
    const args = [
      ...UNSHARE_ARGS,
      '--',
      '/bin/sh',
      '-c',
      JAIL_SCRIPT,
      'jail',
      root,
      program,
      String(FIRST_UID + randomInt(UIDS)),
      limits.python,
      String(cpuSeconds),
      String(memoryBytes),
      String(PROCESSES),
      String(SCRATCH_MB * 1024 * 1024),
      String(SCRATCH_MB),
      ...(cgroups?.procsFiles ?? []),
    ];
    const outcome = await supervise(args, run.stdin ?? '', timeoutSeconds * 1000, signal);
    return {
      ...outcome,
      limits: {
        timeout_seconds: timeoutSeconds,
        cpu_seconds: cpuSeconds,
        memory_mb: limits.memoryMb,
        processes: PROCESSES,
        output_bytes: OUTPUT_BYTES,
        file_mb: SCRATCH_MB,
      },
    };
  } finally {
    await cgroups?.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

type Outcome = Omit<PythonResult, 'limits'>;

function supervise(args: string[], stdin: string, timeoutMs: number, signal?: AbortSignal): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/unshare', args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: '/usr/sbin:/usr/bin' } });
    const stdout = capture();
    const stderr = capture();
    let timedOut = false;
    // unshare's --kill-child takes process 1 of the namespace with it, and with it every process inside.
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    const onAbort = () => kill();
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk) || kill());
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk) || kill());
    child.stdin.on('error', () => undefined); // a program that exits without reading its input
    child.stdin.end(stdin);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      const exited = programExit(code ?? 128 + (SIGNALS[killedBy ?? 'SIGKILL'] ?? 9), stderr.text());
      resolve({
        stdout: stdout.text(),
        stderr: exited.stderr,
        exit_code: exited.exitCode,
        timed_out: timedOut,
        duration_ms: Math.round(performance.now() - started),
        truncated: { stdout: stdout.truncated, stderr: stderr.truncated },
      });
    });
  });
}

/** Keeps the first OUTPUT_BYTES of a stream; add() answers false once the program has written more. */
function capture() {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  return {
    add(chunk: Buffer): boolean {
      if (truncated) return false;
      const room = OUTPUT_BYTES - size;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(room, chunk.length);
      truncated = chunk.length > room;
      return !truncated;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    get truncated() {
      return truncated;
    },
  };
}
