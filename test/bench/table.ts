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
  const header = `${'scenario'.padEnd(40)}${pad('p50 ms', 9)}${pad('calls/s', 9)}  CPU ms per call (api/worker/temporal/pg/bench)   RSS steady|peak MiB (api, worker)  Temporal writes/call`;
  lines.push(header, '-'.repeat(header.length));
  const row = (label: string, r: Row | undefined) => {
    if (!r) return;
    const cpu = processes.map((p) => (r.perCall?.[p] ? r.perCall[p].cpuMs.toFixed(1) : '-')).join('/');
    const mem = ['api', 'worker']
      .filter((p) => r.perCall?.[p])
      .map((p) => `${p} ${r.perCall![p]!.steadyRssMiB}|${r.perCall![p]!.peakRssMiB}`)
      .join(', ');
    const writes = r.temporalPersistence ? `  ${r.temporalPersistence.writesPerCall}` : '';
    lines.push(`${label.padEnd(40)}${pad(r.p50Ms, 9)}${pad(r.perSecond, 9)}  ${cpu.padEnd(48)}${mem.padEnd(34)}${writes}`);
  };
  const floor = results.floor as Record<string, Row> | undefined;
  for (const c of ['c1', 'c16', 'c64']) row(`floor ${c}`, floor?.[c]);
  for (const c of ['c1', 'c16']) row(`floor ${c} + search attrs, memo`, floor?.[`${c}Visible`]);
  const ledger = results.ledger as Record<string, Row> | undefined;
  for (const c of ['c1', 'c16', 'c64OneAccount']) row(`ledger ${c}`, ledger?.[c]);
  type Bracket = Row & { before?: Row; after?: Row };
  type Arrangement = Record<string, Row> & { floorBeside?: Record<string, Bracket>; floorStart?: string };
  for (const [arrangement, run] of Object.entries((results.paid ?? {}) as Record<string, Arrangement>)) {
    const { floorBeside, floorStart, ...scenarios } = run;
    // One key at 64 callers runs inside the 64-caller bracket: its floor after comes after it.
    const closes = (scenario: string) => (scenario === 'c64' ? undefined : scenario === 'oneKeyC64' ? floorBeside?.c64 : floorBeside?.[scenario]);
    for (const [scenario, r] of Object.entries(scenarios)) {
      row(`  floor before it${floorStart ? ` (${floorStart})` : ''}`, floorBeside?.[scenario]?.before);
      row(`${arrangement} ${scenario}`, r);
      const bracket = closes(scenario);
      if (bracket) row(`  floor after (mean ${bracket.p50Ms} ms, ${bracket.perSecond}/s)`, bracket.after);
    }
  }
  lines.push('', `ratios: ${JSON.stringify(results.ratios)}`, `replay: ${JSON.stringify(results.replay)}`);
  console.log(lines.join('\n'));
}
