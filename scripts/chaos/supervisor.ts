import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * One service process kept running as a process manager would: restarted when it exits, whether it crashed on its own
 * (counted as unplanned) or was killed by the chaos run (kill -9, restarted after the outage it was told).
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private stopping = false;
  private plannedDownMs: number | null = null;
  private readonly log: WriteStream;
  unplannedRestarts = 0;
  starts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    logFile: string,
    private readonly cwd: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  start(): void {
    this.starts++;
    const child = spawn(this.command, this.args, { cwd: this.cwd, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    child.once('exit', (code, signal) => {
      this.log.write(`--- ${this.name} exited (${signal ?? code}) ---\n`);
      if (this.stopping) return;
      const planned = this.plannedDownMs;
      this.plannedDownMs = null;
      if (planned === null) this.unplannedRestarts++;
      setTimeout(() => this.stopping || this.start(), planned ?? 500);
    });
    this.child = child;
  }

  /** kill -9, then started again after `downMs`. */
  kill9(downMs: number): void {
    this.plannedDownMs = downMs;
    this.child?.kill('SIGKILL');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    this.log.end();
  }
}
