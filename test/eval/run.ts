import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder } from '../../activities/embeddings';
import { toolImplementations } from '../../activities/tools';
import { localMeaningSimilarity } from '../../activities/tools/nlp/meaningSimilarity';
import type { OfflineAids } from '../../activities/tools/toolImplementation';
import { loadConfig } from '../../core/config/loadConfig';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { byName } from '../../schema/registry';
import { fitClassifyConfidence } from './classifyConfidenceFit';
import { markdownOf, type EvalResults, type SetResults } from './report';
import {
  type CaseRunner,
  figuresOf,
  type LabelledCase,
  overallConfidentlyWrong,
  type AnySuite,
  type CaseOutcome,
  type SetName,
  type ToolFigures,
} from './suite';
import { suites } from './suites/allSuites';
import { overallTarget, targetsOf } from './targets';
import { systemClock } from '../../core/clock/clock';

const HELP = `Usage: npm run eval [-- --tool sentiment,qa] [-- --set dev|held-out|all] [-- --cases telecom-,gp-] [-- --failures] [-- --no-write] [-- --save-baseline] [-- --help]

Measures the offline tools on the labelled cases in test/eval/ (not a test: it asserts nothing and is not part of
npm test). Each case runs in-process through the tool's offline function, as the activity runs it (input checked
against the registry entry, aliases and defaults applied); search suites (skills, memory and knowledge search) run the search on
real PostgreSQL + pgvector (DATABASE_URL's server) over a store they seed, in a database of their own. Per tool it prints accuracy, the share of answers that
were wrong with confidence >= 0.7, accuracy among answers given with confidence >= 0.7, the abstention rate and the
methods that answered (_meta.model), then the issue's targets met or missed.

  --tool           only these tools (comma-separated registry names); the report files are then left alone
  --set            dev (the cases methods are tuned on), held-out (looked at only to report) or all (default)
  --cases          only cases whose id starts with one of these (comma-separated), e.g. a round's new group; the
                   report files are then left alone
  --failures       print each wrong case of the chosen sets with what the tool said
  --no-write       print only; do not rewrite docs/eval.md and docs/eval.json
  --lexical        without the local embedding model (the methods' lexical evidence alone), to compare
  --save-baseline  also write the figures to test/eval/baseline.json: the "before" column of docs/eval.md
  --fit-classify-confidence
                   fit classify's confidence model (activities/classification/classifyConfidence.ts) on the labelled
                   cases: prints leave-one-group-out figures, the newest held-out group scored by a fit without it,
                   and the constants to paste; runs no evaluation`;

const ROOT = path.resolve(__dirname, '..', '..');
const BASELINE = path.join(ROOT, 'test', 'eval', 'baseline.json');
// Written by hand: what the figures alone do not show, appended to docs/eval.md.
const NOTES = path.join(ROOT, 'test', 'eval', 'notes.md');

interface RunOutcome {
  readonly id: string;
  readonly outcome: CaseOutcome;
  readonly method: string;
}

async function runCase(s: AnySuite, c: LabelledCase, aids: OfflineAids, runner?: CaseRunner): Promise<RunOutcome> {
  if (runner) {
    const { output, method } = await runner.run(c);
    return { id: c.id, outcome: s.judge(c, output), method };
  }
  const entry = byName.get(s.tool);
  const offline = toolImplementations[s.tool]?.offline;
  if (!entry || !offline) throw new Error(`${s.tool} has no offline method`);
  const checked = checkToolInput(entry, s.input(c));
  if (!checked.ok) throw new Error(`${s.tool}/${c.id}: input refused: ${checked.problems.map((p) => p.message).join('; ')}`);
  try {
    const result = await offline(checked.value, aids);
    return { id: c.id, outcome: s.judge(c, JSON.parse(JSON.stringify(result.output)) as Record<string, unknown>), method: result.model };
  } catch (error) {
    // A tool that throws on a case answered nothing, and the case is wrong; the run goes on.
    return {
      id: c.id,
      method: 'threw',
      outcome: { correct: false, judgments: [{ correct: false, confidence: 0, abstained: true }], detail: `threw ${String(error)}` },
    };
  }
}

function progress(line: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${line}`);
}

const pct = (n: number | null) => (n === null ? '   –' : `${(n * 100).toFixed(1).padStart(5)}%`);

function printSet(name: SetName, set: SetResults): void {
  console.log(`\n${name === 'dev' ? 'development set' : 'held-out set'}`);
  console.log(
    `${'tool'.padEnd(12)}${'cases'.padStart(6)}${'accuracy'.padStart(10)}${'conf.wrong'.padStart(11)}${'sure right'.padStart(11)}${'n'.padStart(5)}${'abstain'.padStart(9)}  methods / also`,
  );
  for (const [tool, f] of Object.entries(set.tools)) {
    const methods = Object.entries(f.methods)
      .map(([m, n]) => `${m}×${n}`)
      .join(' ');
    const extra = Object.entries(f.extra)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ');
    console.log(
      `${tool.padEnd(12)}${String(f.cases).padStart(6)}${pct(f.accuracy).padStart(10)}${pct(f.confidentlyWrong).padStart(11)}${pct(f.calibration).padStart(11)}${String(f.sure).padStart(5)}${pct(f.abstention).padStart(9)}  ${methods}${extra ? ` | ${extra}` : ''}`,
    );
  }
  console.log(`confidently wrong overall: ${pct(set.confidentlyWrongOverall)}`);
  const targets = [...Object.entries(set.tools).flatMap(([tool, f]) => targetsOf(tool, f)), overallTarget(set.confidentlyWrongOverall)];
  const missed = targets.filter((t) => !t.met);
  console.log(missed.length ? `targets missed:\n${missed.map((t) => `  ✗ ${t.label}`).join('\n')}` : `all ${targets.length} targets met`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      help: { type: 'boolean' },
      tool: { type: 'string' },
      set: { type: 'string', default: 'all' },
      cases: { type: 'string' },
      failures: { type: 'boolean' },
      'no-write': { type: 'boolean' },
      'save-baseline': { type: 'boolean' },
      lexical: { type: 'boolean' },
      'fit-classify-confidence': { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const wanted = values.tool?.split(',').map((t) => t.trim());
  const unknown = wanted?.filter((t) => !suites.some((s) => s.tool === t));
  if (unknown?.length) throw new Error(`no evaluation for ${unknown.join(', ')}; there is one for ${suites.map((s) => s.tool).join(', ')}`);
  const sets: SetName[] = values.set === 'dev' ? ['dev'] : values.set === 'held-out' ? ['heldOut'] : values.set === 'all' ? ['dev', 'heldOut'] : [];
  if (!sets.length) throw new Error(`--set is dev, held-out or all, not ${values.set}`);
  const chosen = suites.filter((s) => !wanted || wanted.includes(s.tool));
  const prefixes = values.cases?.split(',').map((p) => p.trim());
  const picked = <C extends LabelledCase>(cases: readonly C[]) => (prefixes ? cases.filter((c) => prefixes.some((p) => c.id.startsWith(p))) : cases);

  // The local embedding model, as a worker has it: loaded in a thread of this process on the first case that asks.
  const embedder = createEmbedder(loadConfig({ ...process.env, APP_ENV: 'test' }));
  const similarity = values.lexical ? undefined : localMeaningSimilarity(embedder, loadConfig({ ...process.env, APP_ENV: 'test' }));
  if (!values.lexical && !similarity) console.error('the local embedding model is not installed (npm run embedding-model): the methods run lexical alone');
  const aids: OfflineAids = similarity ? { clock: systemClock, similarity } : { clock: systemClock };
  if (values['fit-classify-confidence']) {
    if (!similarity) throw new Error('--fit-classify-confidence needs the local embedding model (npm run embedding-model)');
    await fitClassifyConfidence(similarity);
    await embedder.close();
    return;
  }

  const results: EvalResults = { generatedAt: new Date().toISOString(), sets: {} };
  const failures: string[] = [];
  for (const setName of sets) {
    const tools: Record<string, ToolFigures> = {};
    for (const s of chosen) {
      const cases = picked(s.cases[setName]);
      const outcomes: RunOutcome[] = [];
      const started = performance.now();
      const runner = await s.runner?.(values.lexical ? {} : { embedder });
      try {
        for (const c of cases) {
          progress(`${setName} ${s.tool} ${outcomes.length + 1}/${cases.length}`);
          outcomes.push(await runCase(s, c, aids, runner));
        }
      } finally {
        await runner?.close();
      }
      tools[s.tool] = figuresOf(
        outcomes.map((o) => o.outcome),
        outcomes.map((o) => o.method),
        s.summarize,
      );
      progress('');
      console.error(`${setName} ${s.tool}: ${cases.length} cases in ${Math.round(performance.now() - started)} ms`);
      for (const o of outcomes) if (!o.outcome.correct) failures.push(`${setName} ${s.tool}/${o.id}: ${o.outcome.detail ?? 'wrong'}`);
    }
    (results.sets as Record<SetName, SetResults>)[setName] = { tools, confidentlyWrongOverall: overallConfidentlyWrong(Object.values(tools)) };
  }

  for (const setName of sets) printSet(setName, results.sets[setName]!);
  await embedder.close();
  if (values.failures) console.log(`\n${failures.length} wrong:\n${failures.join('\n')}`);

  if (values['save-baseline']) {
    writeFileSync(BASELINE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nbaseline written to ${path.relative(ROOT, BASELINE)}`);
  }
  // A partial run (some tools, one set) would leave the report half-updated: only a whole run rewrites it.
  if (!values['no-write'] && !wanted && !prefixes && sets.length === 2) {
    const baseline = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as EvalResults) : undefined;
    writeFileSync(path.join(ROOT, 'docs', 'eval.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(ROOT, 'docs', 'eval.md'), markdownOf(results, baseline, existsSync(NOTES) ? readFileSync(NOTES, 'utf8') : undefined));
    console.log('\nwritten: docs/eval.md, docs/eval.json');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
