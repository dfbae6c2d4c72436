import type { ToolCallRequest } from '../../schema/calls';
import type { OrchestrationKind } from '../../schema/registry/types';
import type { OrchestrationRun } from './orchestrationRun';

/**
 * How one kind of orchestration runs inside its call's toolCall workflow: the request, what its models may spend (the
 * budget), what the call holds.
 */
export type Orchestrator = (request: ToolCallRequest, budgetMicros: number, reservedMicros: number) => Promise<OrchestrationRun>;

/** What a feature offers orchestration: `orchestrators`, exported by workflows/<feature>/orchestrators.ts. */
export type Orchestrators = Readonly<Partial<Record<OrchestrationKind, Orchestrator>>>;

/**
 * The orchestrators features plug in, filled by the workflow bundle's entry as it loads (workers/workflowBundle.ts),
 * before any workflow runs, and the same in every workflow afterwards: nothing a workflow writes. The list of features
 * lives in schema/, which workflows may not import, so features plug in here rather than being imported.
 */
const plugged = new Map<string, Orchestrator>();

/** Takes a feature's orchestrators module's `orchestrators`; a kind two modules run is refused at load. */
export function plugOrchestrators(module: { readonly orchestrators?: Orchestrators }): void {
  for (const [kind, run] of Object.entries(module.orchestrators ?? {})) {
    if (plugged.has(kind)) throw new Error(`two workflow modules run the orchestration ${kind}`);
    if (run) plugged.set(kind, run);
  }
}

/** The orchestrator a feature plugged in for `kind`. */
export function pluggedOrchestrator(kind: OrchestrationKind): Orchestrator {
  const run = plugged.get(kind);
  if (!run) throw new Error(`no workflow module runs the orchestration ${kind}: no workflows/<feature>/orchestrators.ts names it`);
  return run;
}
