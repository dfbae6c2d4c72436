import type { ToolResult } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import type { Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry';
import type { ToolInput, WithPageText } from '../../schema/registry/toolInput';
import { usageOf } from '../../core/models/tokenEstimates';
import type { Db } from '../../core/db/createDb';
import type { EventStore } from '../../core/eventStore';
import type { Clock } from '../../core/clock/clock';
import type { SafeFetch } from '../../core/net/safeFetch';
import type { Embedder } from '../embeddings';
import type { ModelRouter } from '../providers';
import type { CallProgress } from './callProgress';
import type { AllFeatureResources } from '../features';
import type { ModelTask } from './model/modelTask';
import type { TextSimilarity } from './nlp/textSimilarity';

/** What tools may use on a worker, built once per worker process (createActivities): the shared resources, and every feature's own (activities/<feature>/feature.ts `resources`). */
export type ToolDeps = SharedToolDeps & AllFeatureResources;

/** The resources every feature's tools may use. */
export interface SharedToolDeps {
  readonly router: ModelRouter;
  /** Embedding models: the providers' and the local one (loaded on first use, in a thread of its own). */
  readonly embedder: Embedder;
  readonly db: Db;
  /** For tools whose work is state (events on streams of their own). */
  readonly store: EventStore;
  readonly config: Config;
  readonly clock: Clock;
  readonly safeFetch: SafeFetch;
}

/**
 * What an offline method may lean on beyond its input: the worker's clock (what "today" is to a tool whose input
 * gives no reference date), and the local embedding model's similarity, when it is installed.
 */
export interface OfflineAids {
  readonly clock: Clock;
  readonly similarity?: TextSimilarity;
}

/** One run of a tool: the call it belongs to, its heartbeats (which also bring a cancellation in), the worker's resources. */
export interface ToolContext {
  readonly callId: string;
  readonly requestId: string;
  /** Who pays, and so on whose behalf a tool with state acts; absent for a step run without one (tests). */
  readonly payer: Payer | undefined;
  readonly progress: CallProgress;
  readonly deps: ToolDeps;
  /** Runs another registry tool inside this call (a marketplace listing's): same call, payer and progress. */
  readonly runTool: (tool: string, input: Record<string, unknown>) => Promise<ToolResult>;
}

/**
 * How a tool is implemented, beside its registry entry (`activities/<family>/`). A model tool with none of
 * these is implemented by its entry alone: its prompt, input and output schema are what the model is asked.
 * `Input` is the entry's validated input (FamilyImplementations derives it from the entry's schema).
 */
export interface ToolImplementation<Input = Record<string, unknown>> {
  /** The offline `local` provider's classic method (entries with `model: 'local-capable'`); its module may load on first use. */
  offline?(input: Input, aids: OfflineAids): ToolResult | Promise<ToolResult>;
  /** A model request other than "the instruction, the output schema, the input as JSON". */
  modelTask?(entry: ToolEntry, input: Input, context: ToolContext): ModelTask | Promise<ModelTask>;
  /** What is better computed than claimed in a model's JSON answer (counts, checks); may throw AnswerProblem. */
  finishAnswer?(answer: Record<string, unknown>, input: Input): Record<string, unknown>;
  /** Tools that ask no model at all (a sandbox, a data source). */
  run?(input: Input, context: ToolContext): Promise<ToolResult>;
}

export type ToolImplementations = Readonly<Record<string, ToolImplementation>>;

/**
 * A family's implementations by tool name, each given its entry's input type (`ToolInput`): `typeof structureTools`
 * of schema/structure/structureTools.ts. Methods, so a family's table is also a plain ToolImplementations.
 */
export type FamilyImplementations<Entries extends readonly { readonly name: string; readonly input: unknown }[]> = {
  readonly [Name in Entries[number]['name']]?: ToolImplementation<
    Extract<Entries[number], { readonly name: Name }> extends { readonly readsUrl: true } ? WithPageText<ToolInput<Entries, Name>> : ToolInput<Entries, Name>
  >;
};

/** An offline answer: the model id names the classic method; token counts are estimates (no tokenizer offline). */
export function offlineResult(model: string, input: unknown, output: object): ToolResult {
  return { output: { ...(output as Record<string, unknown>) }, model, tokens: usageOf(input, output) };
}

/** An offline answer that names the classic method which produced it: `method` becomes `_meta.model` (local/<method>), not output. */
export function methodResult(input: unknown, answer: { readonly method: string }): ToolResult {
  const { method, ...output } = answer;
  return offlineResult(`local/${method}`, input, output);
}

/**
 * A tool's module, loaded on its first call: a worker holds the models and libraries (NLP models, dictionaries, a DOM,
 * a browser driver) of the tools it has run, once each, not of every tool. Written `lazy(() => import('./name.js'))`:
 * Node and tsc resolve the `.js` name to the compiled file, jest maps it to the source.
 */
export function lazy<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | undefined;
  return () => (loaded ??= load());
}
