import type { ToolCallRequest } from '../schema/calls';
import type { Config } from '../schema/config';
import { type Clock, systemClock } from './billing/clock';
import { refundCall, type RefundRequest } from './billing/refundCall';
import { reserveCall } from './billing/reserveCall';
import { settleCall, type SettleRequest } from './billing/settleCall';
import type { EventStore } from './eventStore';
import { runTool, type RunToolRequest } from './tools/runTool';

export interface ActivityDeps {
  readonly store: EventStore;
  readonly config: Config;
  readonly clock?: Clock;
}

/** Every activity, bound to its resources. Workflows see only the type of what this returns. */
export function createActivities(deps: ActivityDeps) {
  const billing = { store: deps.store, config: deps.config, clock: deps.clock ?? systemClock };
  return {
    reserveCall: (request: ToolCallRequest) => reserveCall(billing, request),
    settleCall: (request: SettleRequest) => settleCall(billing, request),
    refundCall: (request: RefundRequest) => refundCall(billing, request),
    async runTool(request: RunToolRequest) {
      const started = performance.now();
      const result = await runTool(request);
      return { ...result, durationMs: Math.round(performance.now() - started) };
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
