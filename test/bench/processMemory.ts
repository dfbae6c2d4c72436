import { readFileSync } from 'node:fs';

/** Peak resident memory of a process (VmHWM), in MiB; null off Linux. */
export function peakRssMiB(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}
