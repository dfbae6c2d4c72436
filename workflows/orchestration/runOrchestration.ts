import type { ToolCallRequest } from '../../schema/calls';
import type { OrchestrationKind } from '../../schema/registry/types';
import { runAgentLoop } from './agentLoop';
import { runBatch } from './batchRunner';
import { runChain } from './chainRunner';
import { runGoal } from './goalRunner';
import type { OrchestrationRun } from './orchestrationRun';
import { pluggedOrchestrator } from './orchestrators';

/**
 * Runs an orchestrated call inside its own toolCall workflow, between the reservation and the settlement, so it is
 * held, charged or refunded once like any call. `reservedMicros` is what the call holds; the models of a workflow
 * or agent may spend up to it (an x402 payment holds nothing until it settles: its price is the cap then). The kinds
 * of plan orchestration runs itself are here; other features' (a crawl, an actor run, an API call, a custom agent's
 * run) are plugged in by their feature's workflows/<feature>/orchestrators.ts (workflows/orchestration/orchestrators.ts).
 */
export function runOrchestration(request: ToolCallRequest, kind: OrchestrationKind, reservedMicros: number): Promise<OrchestrationRun> {
  const budget = reservedMicros > 0 ? reservedMicros : request.listPriceMicros;
  switch (kind) {
    case 'chain':
    case 'pipeline':
      return runChain(request, kind);
    case 'batch':
      return runBatch(request);
    case 'goal':
      return runGoal(request, budget);
    case 'agent':
      return runAgentLoop(request, budget);
    default:
      return pluggedOrchestrator(kind)(request, budget, reservedMicros);
  }
}
