import { readFileSync } from 'node:fs';

/** What one heap snapshot holds, by constructor (objects) or by kind (strings, code, arrays …): bytes and count. */
export type HeapCensus = Map<string, { bytes: number; count: number }>;

/**
 * Reads a V8 .heapsnapshot without parsing it whole: a snapshot of a few hundred MiB of heap is a JSON text beyond
 * what one string may hold, so the nodes array is scanned as bytes and only the strings table is parsed as JSON.
 */
export function heapCensus(file: string): HeapCensus {
  const buffer = readFileSync(file);
  const nodesAt = buffer.indexOf('"nodes":[');
  const meta = JSON.parse(`${buffer.subarray(0, nodesAt).toString('utf8').trim().replace(/,$/, '')}}`) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  };
  const fields = meta.snapshot.meta.node_fields;
  const types = meta.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const nodes: number[] = [];
  let at = nodesAt + '"nodes":['.length;
  let value = 0;
  let inNumber = false;
  for (; ; at++) {
    const byte = buffer[at]!;
    if (byte >= 48 && byte <= 57) {
      value = value * 10 + (byte - 48);
      inNumber = true;
    } else {
      if (inNumber) nodes.push(value);
      value = 0;
      inNumber = false;
      if (byte === 93) break; // ]
    }
  }
  const stringsAt = buffer.indexOf('"strings":[', at);
  const tail = buffer.subarray(stringsAt + '"strings":'.length).toString('utf8');
  const strings = JSON.parse(tail.slice(0, tail.lastIndexOf(']') + 1)) as string[];
  const census: HeapCensus = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]!]!;
    const name = strings[nodes[i + nameAt]!]!;
    const key = type === 'object' || type === 'native' ? name : type === 'array' || type === 'hidden' ? `(${type}) ${name}` : `(${type})`;
    const entry = census.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += nodes[i + sizeAt]!;
    entry.count += 1;
    census.set(key, entry);
  }
  return census;
}

export interface HeapGrowth {
  readonly what: string;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  readonly countBefore: number;
  readonly countAfter: number;
}

/** What grew between two snapshots, largest growth in bytes first. */
export function heapDiff(before: HeapCensus, after: HeapCensus, top = 25): HeapGrowth[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .map((what) => ({
      what,
      bytesBefore: before.get(what)?.bytes ?? 0,
      bytesAfter: after.get(what)?.bytes ?? 0,
      countBefore: before.get(what)?.count ?? 0,
      countAfter: after.get(what)?.count ?? 0,
    }))
    .sort((a, b) => b.bytesAfter - b.bytesBefore - (a.bytesAfter - a.bytesBefore))
    .slice(0, top);
}

/** `npm run bench -- --heap-diff A B`: prints what grew from snapshot A to snapshot B. */
export function printHeapDiff(beforeFile: string, afterFile: string, say: (line: string) => void): HeapGrowth[] {
  const [before, after] = [heapCensus(beforeFile), heapCensus(afterFile)];
  const total = (census: HeapCensus) => [...census.values()].reduce((sum, e) => sum + e.bytes, 0);
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  say(`heap: ${mib(total(before))} MiB in ${beforeFile}, ${mib(total(after))} MiB in ${afterFile} (self sizes)`);
  const growth = heapDiff(before, after);
  for (const g of growth) {
    say(
      `  ${(mib(g.bytesAfter - g.bytesBefore) + ' MiB').padStart(10)}  ${String(g.countAfter - g.countBefore).padStart(8)} objects  ${g.what.slice(0, 90)}` +
        `  (${mib(g.bytesBefore)} → ${mib(g.bytesAfter)} MiB)`,
    );
  }
  return growth;
}
