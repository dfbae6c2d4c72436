import type { ToolCallRequest } from '../../schema/calls';
import { runAgent } from './agentLoop';
import { runBatch } from './batchRunner';
import { runChain } from './chainRunner';
import { runGoal } from './goalRunner';
import type { OrchestrationRun } from './orchestrationRun';

const ORCHESTRATED = new Set(['chain', 'pipeline', 'batch', 'workflow', 'agent', 'agent/stream']);

/** Tools whose work is several steps run by this workflow, rather than one runTool activity. */
export function isOrchestrated(tool: string): boolean {
  return ORCHESTRATED.has(tool);
}

/**
 * Runs an orchestrated call inside its own toolCall workflow, between the reservation and the settlement, so it is
 * held, charged or refunded once like any call. `reservedMicros` is what the call holds; the models of a workflow
 * or agent may spend up to it (an x402 payment holds nothing until it settles: its price is the cap then).
 */
export function runOrchestration(request: ToolCallRequest, reservedMicros: number): Promise<OrchestrationRun> {
  const budget = reservedMicros > 0 ? reservedMicros : request.listPriceMicros;
  switch (request.tool) {
    case 'chain':
    case 'pipeline':
      return runChain(request, request.tool);
    case 'batch':
      return runBatch(request);
    case 'workflow':
      return runGoal(request, budget);
    default:
      return runAgent(request, budget);
  }
}
