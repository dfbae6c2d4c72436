import { readdirSync, readFileSync } from 'node:fs';

/** CPU time a process (or a group of them) has used so far, and its memory, read from /proc (Linux). */
export interface ProcessSample {
  readonly cpuMs: number;
  readonly rssMiB: number;
  readonly peakRssMiB: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function readSample(pid: number, memory: 'rss' | 'pss' = 'rss'): ProcessSample | null {
  try {
    // Fields after the command name (which may hold spaces) are space separated: utime, stime, cutime and cstime are
    // the 14th to 17th overall. The children's share (cutime, cstime: children that ended and were waited for) is
    // counted so that a group's CPU does not shrink when a member ends: PostgreSQL's postmaster collects there the CPU
    // of every backend that closed during a window, which summing the live backends alone would lose.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (text: string, name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
    // Proportional set size: memory shared by several processes (PostgreSQL's shared buffers, mapped by every
    // backend) counted once across them, where summing RSS would count it once per process.
    const resident = memory === 'pss' ? kib(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') : kib(status, 'VmRSS');
    return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssMiB: resident / 1024, peakRssMiB: kib(status, 'VmHWM') / 1024 };
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
  /** How a process's memory counts: resident (default), or proportional for a group that shares memory. */
  readonly memory?: 'rss' | 'pss';
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
 * start and end, ended children included) and resident memory sampled every 250 ms.
 */
export function watchUsage(groups: readonly Watched[]): { stop(): Record<string, UsageWindow> } {
  const cpu = readProcessCpuMs;
  const rss = readProcessMemory;
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

/** A group's resident memory now (proportional for a group that shares memory), in MiB. */
export function readProcessMemory(group: Watched): number {
  return group.pids().reduce((sum, pid) => sum + (readSample(pid, group.memory)?.rssMiB ?? 0), 0);
}

/** A group's CPU time so far, in ms (ended children included). */
export function readProcessCpuMs(group: Watched): number {
  return group.pids().reduce((sum, pid) => sum + (readSample(pid)?.cpuMs ?? 0), 0);
}

/** The kernel's own high-water mark of a process's resident memory (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number | null {
  const sample = readSample(pid);
  return sample ? Math.round(sample.peakRssMiB) : null;
}
