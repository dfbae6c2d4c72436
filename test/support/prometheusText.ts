/** One sample of Prometheus' text exposition format: `name{label="value",…} value`. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Scrape {
  readonly samples: readonly Sample[];
  /** Every metric family named by a `# TYPE` line, with its type (counter, gauge, histogram …). */
  readonly families: ReadonlyMap<string, string>;
  /** The sum of the samples of `name` whose labels include `match`. */
  sum(name: string, match?: Readonly<Record<string, string>>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads a scrape as Prometheus would; a line it cannot read fails the test that scraped it. */
export function parsePrometheusText(text: string): Scrape {
  const samples: Sample[] = [];
  const families = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) families.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return {
    samples,
    families,
    sum: (name, match = {}) =>
      samples.filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v)).reduce((total, s) => total + s.value, 0),
  };
}
