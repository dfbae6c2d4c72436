import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ToolResult } from '../schema/calls';
import type { Config } from '../schema/config';
import { registry, type ToolEntry } from '../schema/registry';
import { loadConfig } from '../core/config/loadConfig';
import type { Clock } from '../core/clock/clock';
import { checkToolInput } from '../core/validation/checkToolInput';
import { ANSWER_EXAMPLES_FILE, ANSWER_EXAMPLE_INSTANT, type AnswerExamples, type GeneratedAnswer } from '../api/discovery/answerExamples';
import { modelRouterFromConfig } from '../activities/providers';
import { featureResources } from '../activities/features';
import { createToolRunner, type RunTool } from '../activities/tools/runTool';
import type { ToolDeps } from '../activities/tools/toolImplementation';

const HELP = `Usage: npm run openapi:examples [-- --write | --check | --help]

Runs every registry entry that answers offline (in the worker's own process: no database, network, model provider or
local model) on its own input \`example\`, through the runner a worker uses, and prints what each answers: the answer
examples of the OpenAPI document (/openapi.json, /docs), kept in ${ANSWER_EXAMPLES_FILE}.
  --write   rewrite ${ANSWER_EXAMPLES_FILE}
  --check   exit 1 if ${ANSWER_EXAMPLES_FILE} is out of date
An entry whose run reaches for something it is not given here (a database, the network, a model) is left without an
example, and so is one that answers differently each run; --write lists them on stderr.`;

/**
 * Whether an entry may answer offline, as its entry declares it: quick CPU work in the worker (a local activity),
 * needing no model provider (none, or the offline methods of the `local` provider), reaching no open internet, acting
 * as no one and changing nothing, answering once (not only as server-sent events), with an input example to run.
 */
export function answersOffline(entry: ToolEntry): boolean {
  return (
    entry.execution === 'local-activity' &&
    (entry.model === 'none' || entry.model === 'local-capable') &&
    !entry.online &&
    !entry.needsIdentity &&
    !entry.changes &&
    entry.streaming !== 'always' &&
    entry.example !== undefined
  );
}

/** What the generator is not given: touching it throws, and the entry is left without an example. */
function absent<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      throw new Error(`${what} is not available offline (asked for ${String(property)})`);
    },
  });
}

/**
 * A worker's tool deps with only what an offline answer may use: the configuration's defaults (so the file is the
 * same whoever generates it, whatever their environment), the model router (which serves `auto` with the offline
 * methods when no provider is configured, as the defaults configure none), a clock fixed at ANSWER_EXAMPLE_INSTANT
 * (today's time zone, this year's holidays), an empty lookup cache; no database, event store, network, DNS, browser,
 * sandbox or embedding model.
 */
function offlineDeps(config: Config): ToolDeps {
  const clock: Clock = { now: () => new Date(ANSWER_EXAMPLE_INSTANT) };
  return {
    config,
    clock,
    router: modelRouterFromConfig(config, clock),
    db: absent('the database'),
    store: absent('the event store'),
    embedder: absent('an embedding model'),
    safeFetch: absent('the network'),
    // Every feature's worker resources as a worker makes them (a data cache …), but what reaches out of the process.
    ...featureResources({ config }, { resolver: absent('DNS'), pageBrowser: absent('a browser'), codeRun: absent('the code sandbox') }),
  };
}

export interface Generated {
  readonly examples: AnswerExamples;
  /** Entries that may answer offline but were given no example, and why. */
  readonly skipped: ReadonlyMap<string, string>;
}

/**
 * Every offline entry's answer to its own input example, run twice: an entry that fails (it reached for something it
 * is not given, or refused its own example) or answers differently the second time (random without a seed) gets none.
 */
export async function generateAnswerExamples(config: Config = loadConfig({})): Promise<Generated> {
  // No similarity among the offline aids: the local embedding model is an optional install, and the file must not
  // depend on who has it. The clock is the fixed one of offlineDeps.
  const deps = offlineDeps(config);
  const runTool: RunTool = createToolRunner(deps, () => ({ clock: deps.clock }));
  const examples: Record<string, GeneratedAnswer> = {};
  const skipped = new Map<string, string>();
  for (const entry of registry.filter(answersOffline)) {
    const checked = checkToolInput(entry, { ...entry.example });
    if (!checked.ok) {
      skipped.set(entry.name, `its example is not valid input: ${checked.problems.map((p) => p.message).join('; ')}`);
      continue;
    }
    const run = async () => answerOf(await runTool({ tool: entry.name, input: checked.value, callId: 'answer-example' }));
    try {
      const first = await run();
      if (entry.model === 'local-capable' && !first.model.startsWith('local/')) throw new Error(`answered by ${first.model}, not offline`);
      if (!isDeepStrictEqual(first, await run())) throw new Error('it answers differently each run');
      examples[entry.name] = first;
    } catch (error) {
      skipped.set(entry.name, error instanceof Error ? error.message : String(error));
    }
  }
  return { examples, skipped };
}

/** What the document shows of a result, as JSON carries it (an undefined field is not sent). */
function answerOf(result: ToolResult): GeneratedAnswer {
  const { output, model, tokens, meta } = JSON.parse(JSON.stringify(result)) as ToolResult;
  return { output, model, tokens, ...(meta && Object.keys(meta).length ? { meta } : {}) };
}

async function formatted(examples: AnswerExamples): Promise<string> {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(filePath());
  return prettier.format(JSON.stringify(examples), { ...options, parser: 'json' });
}

const filePath = () => path.resolve(__dirname, '..', ANSWER_EXAMPLES_FILE);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return;
  }
  const { examples, skipped } = await generateAnswerExamples();
  if (args.includes('--check')) {
    const committed = JSON.parse(readFileSync(filePath(), 'utf8')) as unknown;
    if (!isDeepStrictEqual(committed, examples)) {
      console.error(`${ANSWER_EXAMPLES_FILE} is out of date: run npm run openapi:examples -- --write`);
      process.exitCode = 1;
    }
    return;
  }
  if (args.includes('--write')) {
    writeFileSync(filePath(), await formatted(examples));
    console.error(`wrote ${Object.keys(examples).length} answer examples to ${ANSWER_EXAMPLES_FILE}`);
    for (const [name, reason] of skipped) console.error(`  no example for ${name}: ${reason}`);
    return;
  }
  console.log(JSON.stringify(examples, null, 2));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
