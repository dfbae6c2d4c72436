import { executeChild } from '@temporalio/workflow';
import type { ToolCallRequest } from '../../schema/calls';
import { actorRun } from './actorRun';
import type { OrchestrationRun } from '../orchestration/orchestrationRun';
import { beside } from '../orchestration/proxies';

/**
 * A platform scrape or /scrape/actor: its input mapped to the actor's (a local activity, which reads the
 * operator's actor settings), then the run as its own workflow `actor-run-<call id>`, a child of this call: held
 * and charged once, and refunded when the platform's run fails or times out.
 */
export async function runActor(request: ToolCallRequest): Promise<OrchestrationRun> {
  const started = Date.now();
  const prepared = await beside.prepareActorRun({ tool: request.tool, input: request.input });
  const output = await executeChild(actorRun, { workflowId: `actor-run-${request.callId}`, args: [prepared] });
  return { output, model: `apify/${prepared.actor}`, tokens: { input: 0, output: 0 }, durationMs: Date.now() - started };
}
