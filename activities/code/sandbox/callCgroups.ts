import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';

export interface CallCgroups {
  /** The cgroup.procs files the sandbox joins. */
  readonly procsFiles: readonly string[];
  remove(): Promise<void>;
}

/**
 * A memory and a process-count cgroup for one sandboxed run, under the worker's own, so the limits hold for the
 * program's processes together (a fork bomb or a memory hog in many processes), not each alone. Cgroup v1
 * (separate memory and pids hierarchies) and v2 (one hierarchy) are both tried; where the worker may not create
 * cgroups, null, and the per-process rlimits are the only bound.
 */
export async function createCallCgroups(id: string, limits: { memoryBytes: number; processes: number }): Promise<CallCgroups | null> {
  const own = await ownCgroups().catch(() => new Map<string, string>());
  const created: string[] = [];
  const remove = async () => {
    for (const dir of created.reverse()) await removeWhenEmpty(dir);
  };
  try {
    const unified = own.get('');
    if (own.has('memory') && own.has('pids')) {
      const memory = path.join(ROOT, 'memory', own.get('memory')!, `coderun-${id}`);
      const pids = path.join(ROOT, 'pids', own.get('pids')!, `coderun-${id}`);
      await mkdir(memory);
      created.push(memory);
      await mkdir(pids);
      created.push(pids);
      await writeFile(path.join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      await writeFile(path.join(pids, 'pids.max'), String(limits.processes));
      return { procsFiles: [path.join(memory, 'cgroup.procs'), path.join(pids, 'cgroup.procs')], remove };
    }
    if (unified !== undefined) {
      const dir = path.join(ROOT, unified, `coderun-${id}`);
      await mkdir(dir);
      created.push(dir);
      await writeFile(path.join(dir, 'memory.max'), String(limits.memoryBytes));
      await writeFile(path.join(dir, 'pids.max'), String(limits.processes));
      return { procsFiles: [path.join(dir, 'cgroup.procs')], remove };
    }
    return null;
  } catch {
    await remove();
    return null;
  }
}

/** controller → path of this process's cgroup ('' is the v2 hierarchy). */
async function ownCgroups(): Promise<Map<string, string>> {
  const lines = (await readFile('/proc/self/cgroup', 'utf8')).trim().split('\n');
  const map = new Map<string, string>();
  for (const line of lines) {
    const [, controllers = '', where = '/'] = line.split(':');
    for (const controller of controllers.split(',')) map.set(controller, where);
  }
  return map;
}

/** The namespace's processes are gone once its process 1 is, but the kernel may take a moment to let go. */
async function removeWhenEmpty(dir: string): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
