import { proxyLocalActivities } from '@temporalio/workflow';
import type { ToolCallOutcome, ToolCallRequest } from '../../schema/calls';

export interface FloorActivities {
  /** Does nothing: what is left of a call is Temporal's own work. */
  noop(request: ToolCallRequest): Promise<ToolCallOutcome>;
}

const { noop } = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '10 seconds' });

/**
 * Temporal's floor for one call, measured by `npm run bench`: the shape of `toolCall` (a request in, one local
 * activity, an outcome out, started eagerly and awaited the way the API awaits a call) with no work in it.
 */
export async function floorCall(request: ToolCallRequest): Promise<ToolCallOutcome> {
  return noop(request);
}
