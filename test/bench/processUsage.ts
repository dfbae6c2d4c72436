import { readdirSync, readFileSync } from 'node:fs';

/** CPU time a process (or a group of them) has used so far, and its memory, read from /proc (Linux). */
export interface ProcessSample {
  readonly cpuMs: number;
  readonly rssMiB: number;
  readonly peakRssMiB: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function readSample(pid: number): ProcessSample | null {
  try {
    // Fields after the command name (which may hold spaces) are space separated: utime is 14th, stime 15th overall.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssMiB: kib('VmRSS') / 1024, peakRssMiB: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Every process whose command line matches: the PostgreSQL server is a postmaster and one process per connection. */
export function pidsMatching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pattern.test(cmdline)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A named group of processes to watch: its pids are looked up at every sample (PostgreSQL backends come and go). */
export interface Watched {
  readonly name: string;
  readonly pids: () => number[];
}

export interface UsageWindow {
  /** CPU used by the group during the window, in ms; summed over its processes. */
  readonly cpuMs: number;
  /** Resident memory sampled through the window: the median (steady) and the highest seen. */
  readonly steadyRssMiB: number;
  readonly peakRssMiB: number;
}

/**
 * Watches process groups through a measurement window: CPU time consumed (the difference of /proc counters between
 * start and end; a backend that ended inside the window loses its share, a small undercount for PostgreSQL) and
 * resident memory sampled every 250 ms.
 */
export function watchUsage(groups: readonly Watched[]): { stop(): Record<string, UsageWindow> } {
  const cpu = (group: Watched) => group.pids().reduce((sum, pid) => sum + (readSample(pid)?.cpuMs ?? 0), 0);
  const rss = (group: Watched) => group.pids().reduce((sum, pid) => sum + (readSample(pid)?.rssMiB ?? 0), 0);
  const startCpu = new Map(groups.map((g) => [g.name, cpu(g)]));
  const rssSeen = new Map<string, number[]>(groups.map((g) => [g.name, [rss(g)]]));
  const timer = setInterval(() => {
    for (const g of groups) rssSeen.get(g.name)!.push(rss(g));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return Object.fromEntries(
        groups.map((g) => {
          const seen = [...rssSeen.get(g.name)!, rss(g)].sort((a, b) => a - b);
          return [
            g.name,
            {
              cpuMs: Math.round(cpu(g) - startCpu.get(g.name)!),
              steadyRssMiB: Math.round(seen[Math.floor(seen.length / 2)]!),
              peakRssMiB: Math.round(seen[seen.length - 1]!),
            },
          ];
        }),
      );
    },
  };
}

/** The kernel's own high-water mark of a process's resident memory (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number | null {
  const sample = readSample(pid);
  return sample ? Math.round(sample.peakRssMiB) : null;
}
