import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One node of V8's .cpuprofile (what `node --cpu-prof` writes). */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileSummary {
  /** Sampled milliseconds, idle excluded. */
  readonly busyMs: number;
  /** Self time by where the code lives: one of our files, a package, a part of Node, or V8's own (GC, program). */
  readonly byPlace: readonly { readonly place: string; readonly ms: number; readonly share: number }[];
  /** Self time by function, the heaviest first. */
  readonly byFunction: readonly { readonly fn: string; readonly ms: number; readonly share: number }[];
}

/** Where a frame's code lives: our file relative to the project (dist/ or source), a package, or a Node/V8 part. */
function placeOf(url: string, functionName: string, root: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:'))
    return url
      .replace(/^node:(internal\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const file = url.replace(/^file:\/\//, '');
  const packages = file.lastIndexOf('/node_modules/');
  if (packages >= 0) {
    const parts = file.slice(packages + '/node_modules/'.length).split('/');
    return `pkg ${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  return path.relative(root, file).replace(/^dist\//, '');
}

/** Self time of every profile a process wrote into `dir` (one per process that exited), by place and by function. */
export function summariseProfiles(dir: string, root: string, top = 25): ProfileSummary {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) return;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)') return;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      busy += ms;
      const place = placeOf(url, functionName, root);
      byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
      const fn = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    });
  }
  const ranked = <K extends string>(map: Map<string, number>, key: K) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, ms]) =>
          ({ [key]: name, ms: Math.round(ms), share: Math.round((ms / Math.max(busy, 1)) * 1000) / 10 }) as Record<K, string> & { ms: number; share: number },
      );
  return { busyMs: Math.round(busy), byPlace: ranked(byPlace, 'place'), byFunction: ranked(byFunction, 'fn') };
}

/** One node of V8's sampling heap profile (HeapProfiler.stopSampling): a call tree with bytes allocated in each frame. */
interface HeapProfileNode {
  readonly callFrame: ProfileNode['callFrame'];
  readonly selfSize: number;
  readonly children: readonly HeapProfileNode[];
}

export interface AllocationSummary {
  /** Bytes allocated through the window (sampled: collected objects included), in MiB. */
  readonly allocatedMiB: number;
  /** Allocated bytes by function, the largest first, in KiB. */
  readonly byFunction: readonly { readonly fn: string; readonly kib: number; readonly share: number }[];
}

/** What a process allocated through the profiled window (its .heapprofile files in `dir`), by function. */
export function summariseAllocations(dir: string, root: string, top = 15): AllocationSummary | undefined {
  const files = readdirSync(dir).filter((file) => file.endsWith('.heapprofile'));
  if (files.length === 0) return undefined;
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const name of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { head: HeapProfileNode };
    const stack: HeapProfileNode[] = [profile.head];
    while (stack.length) {
      const node = stack.pop()!;
      stack.push(...node.children);
      if (node.selfSize === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const place = placeOf(url, functionName, root);
      const fn = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
  }
  return {
    allocatedMiB: Math.round((total / 2 ** 20) * 10) / 10,
    byFunction: [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, bytes]) => ({ fn, kib: Math.round(bytes / 1024), share: Math.round((bytes / Math.max(total, 1)) * 1000) / 10 })),
  };
}
