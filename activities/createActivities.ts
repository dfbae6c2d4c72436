import type { ToolCallRequest } from '../schema/calls';
import type { Config } from '../schema/config';
import { type Clock, systemClock } from '../core/ledger/clock';
import { quickLocalCall, type TimedRunTool } from './calls/quickLocalCall';
import { refundCall, type RefundRequest } from '../core/ledger/refundCall';
import { reserveCall } from '../core/ledger/reserveCall';
import { settleCall, type SettleRequest } from '../core/ledger/settleCall';
import { deliveryActivities } from './deliveries/deliveryActivities';
import type { EventStore } from '../core/eventStore';
import { jobActivities } from './jobs/jobActivities';
import type { CreditPurchaseRequest } from '../schema/purchases';
import { settleCreditPurchase } from './payments/settleCreditPurchase';
import { settleX402Call, type X402SettleRequest } from './payments/settleX402Call';
import type { X402Runtime } from '../core/x402/x402Runtime';
import { relayActivities } from './relay/relayActivities';
import { createSafeFetch } from '../core/net/safeFetch';
import { orchestrationActivities } from './orchestration/orchestrationActivities';
import { modelRouterFromConfig, type ModelRouter } from './providers';
import { createToolRunner } from './tools/runTool';
import { createCodeRunTool } from './tools/code/sandbox/codeRunTool';
import { withPermanentFailures } from './permanentFailures';

export interface ActivityDeps {
  readonly store: EventStore;
  readonly config: Config;
  readonly clock?: Clock;
  /** x402 settlement; absent when no payee or facilitator is configured. */
  readonly x402?: X402Runtime | null;
  /** The model providers; built from the configuration when not given. */
  readonly models?: ModelRouter;
}

/** Every activity, bound to its resources. Workflows see only the type of what this returns. */
export function createActivities(deps: ActivityDeps) {
  const billing = { store: deps.store, config: deps.config, clock: deps.clock ?? systemClock };
  const x402 = () => {
    if (!deps.x402) throw new Error('x402 is not configured on this worker (X402_PAY_TO and a facilitator, or the dev chain)');
    return deps.x402;
  };
  // One router per worker: its circuit breaker must see every call's failures to keep `auto` off a failing provider.
  const router = deps.models ?? modelRouterFromConfig(deps.config, billing.clock);
  const runTool = createToolRunner({
    router,
    db: deps.store.db,
    store: deps.store,
    clock: billing.clock,
    config: deps.config,
    safeFetch: createSafeFetch({ allowLocalHttp: deps.config.allowLocalHttp }),
    codeRun: createCodeRunTool(deps.config),
  });
  const timedRunTool: TimedRunTool = async (request) => {
    const started = performance.now();
    const result = await runTool(request);
    return { ...result, durationMs: Math.round(performance.now() - started) };
  };
  return withPermanentFailures({
    reserveCall: (request: ToolCallRequest) => reserveCall(billing, request),
    settleCall: (request: SettleRequest) => settleCall(billing, request),
    refundCall: (request: RefundRequest) => refundCall(billing, request),
    settleX402Call: (request: X402SettleRequest) => settleX402Call(deps.store, x402(), request),
    settleCreditPurchase: (request: CreditPurchaseRequest) => settleCreditPurchase(deps.store, x402(), request),
    runTool: timedRunTool,
    quickLocalCall: (request: ToolCallRequest) => quickLocalCall(billing, timedRunTool, request),
    ...deliveryActivities(deps),
    ...jobActivities(deps),
    ...relayActivities(deps),
    ...orchestrationActivities({ router, runTool, db: deps.store.db }),
  });
}

export type Activities = ReturnType<typeof createActivities>;
