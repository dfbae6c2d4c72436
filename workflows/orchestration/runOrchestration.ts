import type { ToolCallRequest } from '../../schema/calls';
import type { OrchestrationKind } from '../../schema/registry/types';
import { runActor } from '../scraping/actorRunner';
import { runAgent } from './agentLoop';
import { runApiCall } from '../catalog/apiCallRunner';
import { runBatch } from './batchRunner';
import { runChain } from './chainRunner';
import { runCrawl } from '../scraping/crawlRunner';
import { runCustomAgent } from '../customAgents/customAgentRunner';
import { runGoal } from './goalRunner';
import type { OrchestrationRun } from './orchestrationRun';

/**
 * Runs an orchestrated call inside its own toolCall workflow, between the reservation and the settlement, so it is
 * held, charged or refunded once like any call. `reservedMicros` is what the call holds; the models of a workflow
 * or agent may spend up to it (an x402 payment holds nothing until it settles: its price is the cap then).
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
      return runAgent(request, budget);
    case 'crawl':
      return runCrawl(request);
    case 'actor':
      return runActor(request);
    case 'api-call':
      return runApiCall(request);
    case 'custom-agent':
      return runCustomAgent(request, budget, reservedMicros);
  }
}
