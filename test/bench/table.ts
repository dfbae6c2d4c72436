type Row = {
  p50Ms?: number;
  perSecond?: number;
  temporalPersistence?: { writesPerCall: number };
  perCall?: Record<string, { cpuMs: number; steadyRssMiB: number; peakRssMiB: number }>;
};

const pad = (value: unknown, width: number) => String(value ?? '').padStart(width);

/** The bench's figures as a short table: latency, throughput, CPU ms per call and memory of each process, ratios. */
export function printTable(results: Record<string, unknown>): void {
  const lines: string[] = [];
  const processes = ['api', 'worker', 'temporal', 'postgres', 'bench (client + worker)'];
  const header = `${'scenario'.padEnd(34)}${pad('p50 ms', 9)}${pad('calls/s', 9)}  CPU ms per call (api/worker/temporal/pg/bench)   RSS steady|peak MiB (api, worker)  Temporal writes/call`;
  lines.push(header, '-'.repeat(header.length));
  const row = (label: string, r: Row | undefined) => {
    if (!r) return;
    const cpu = processes.map((p) => (r.perCall?.[p] ? r.perCall[p].cpuMs.toFixed(1) : '-')).join('/');
    const mem = ['api', 'worker']
      .filter((p) => r.perCall?.[p])
      .map((p) => `${p} ${r.perCall![p]!.steadyRssMiB}|${r.perCall![p]!.peakRssMiB}`)
      .join(', ');
    const writes = r.temporalPersistence ? `  ${r.temporalPersistence.writesPerCall}` : '';
    lines.push(`${label.padEnd(34)}${pad(r.p50Ms, 9)}${pad(r.perSecond, 9)}  ${cpu.padEnd(48)}${mem.padEnd(34)}${writes}`);
  };
  const floor = results.floor as Record<string, Row> | undefined;
  for (const c of ['c1', 'c16', 'c64']) row(`floor ${c}`, floor?.[c]);
  for (const c of ['c1', 'c16']) row(`floor ${c} + search attrs, memo`, floor?.[`${c}Visible`]);
  const ledger = results.ledger as Record<string, Row> | undefined;
  for (const c of ['c1', 'c16', 'c64OneAccount']) row(`ledger ${c}`, ledger?.[c]);
  type Arrangement = Record<string, Row> & { floorBeside?: Record<string, Row>; floorStart?: string };
  for (const [arrangement, run] of Object.entries((results.paid ?? {}) as Record<string, Arrangement>)) {
    const { floorBeside, floorStart, ...scenarios } = run;
    for (const [scenario, r] of Object.entries(scenarios)) {
      row(`${arrangement} ${scenario}`, r);
      row(`  floor beside it${floorStart ? ` (${floorStart})` : ''}`, floorBeside?.[scenario]);
    }
  }
  lines.push('', `ratios: ${JSON.stringify(results.ratios)}`, `replay: ${JSON.stringify(results.replay)}`);
  console.log(lines.join('\n'));
}
