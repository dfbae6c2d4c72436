import type { ToolCallRequest } from '../schema/calls';
import type { Config } from '../schema/config';
import type { LocalServerModel } from '../schema/models';
import { type Clock, systemClock } from '../core/clock/clock';
import { quickLocalCall, type TimedRunTool } from './calls/quickLocalCall';
import { timedRunTool } from './calls/timedRunTool';
import { refundCall, type RefundRequest } from '../core/ledger/refundCall';
import { reserveCall } from '../core/ledger/reserveCall';
import { reverseCharge } from '../core/ledger/reverseCharge';
import { settleCall, type SettleRequest } from '../core/ledger/settleCall';
import type { EventStore } from '../core/eventStore';
import type { CreditPurchaseRequest } from '../schema/purchases';
import { settleCreditPurchase } from './payments/settleCreditPurchase';
import { settleX402Call, type X402SettleRequest } from './payments/settleX402Call';
import type { SettlementMode } from './payments/settleOnChain';
import type { X402Runtime } from '../core/x402/x402Runtime';
import { idempotencyActivities } from './idempotency/idempotencyActivities';
import { createSafeFetch } from '../core/net/safeFetch';
import { modelRouterFromConfig, type ModelRouter } from './providers';
import { createEmbedder, type Embedder } from './embeddings';
import { searchVectorActivities } from './searchByMeaning/searchVectorActivities';
import { createToolRunner } from './tools/runTool';
import { activityFeatures, type ActivityResources, type AllFeatureActivities, type AllFeatureResources, featureResources } from './features';
import { withPermanentFailures } from './permanentFailures';
import { circuitRecorder, defaultWorkerId } from './providers/circuitRecorder';

export interface ActivityDeps {
  readonly store: EventStore;
  readonly config: Config;
  readonly clock?: Clock;
  /** x402 settlement; absent when no payee or facilitator is configured. */
  readonly x402?: X402Runtime | null;
  /** The model providers; built from the configuration when not given. */
  readonly models?: ModelRouter;
  /** Embedding models; built from the configuration when not given (give one to close its local model yourself). */
  readonly embedder?: Embedder;
  /**
   * Features' worker resources given in place of those the features make (activities/<feature>/feature.ts
   * `resources`): a Chromium to close yourself (data's pageBrowser), a resolver of your own …
   */
  readonly resources?: Partial<AllFeatureResources>;
  /** The models local OpenAI-compatible servers serve, as this worker's probe last found them (workers/localModelDiscovery.ts). */
  readonly localServers?: () => readonly LocalServerModel[];
  /** Names this worker's rows of provider_circuits; host and process id when not given. */
  readonly workerId?: string;
}

/** Every activity, bound to its resources. Workflows see only the type of what this returns. */
export function createActivities(deps: ActivityDeps) {
  const billing = { store: deps.store, config: deps.config, clock: deps.clock ?? systemClock };
  const x402 = () => {
    if (!deps.x402) throw new Error('x402 is not configured on this worker (X402_PAY_TO and a facilitator, or the dev chain)');
    return deps.x402;
  };
  // One router per worker: its circuit breaker must see every call's failures to keep `auto` off a failing provider.
  const router =
    deps.models ?? modelRouterFromConfig(deps.config, billing.clock, deps.localServers, circuitRecorder(deps.store.db, deps.workerId ?? defaultWorkerId()));
  const safeFetch = createSafeFetch({ allowLocalHttp: deps.config.allowLocalHttp });
  const embedder = deps.embedder ?? createEmbedder(deps.config);
  const runTool = createToolRunner({
    router,
    embedder,
    db: deps.store.db,
    store: deps.store,
    clock: billing.clock,
    config: deps.config,
    safeFetch,
    ...featureResources({ config: deps.config }, deps.resources),
  });
  const timed: TimedRunTool = timedRunTool(runTool, billing.clock);
  const resources: ActivityResources = { store: deps.store, config: deps.config, clock: billing.clock, safeFetch, router, runTool };
  const ledger = {
    reserveCall: (request: ToolCallRequest) => reserveCall(billing, request),
    settleCall: (request: SettleRequest) => settleCall(billing, request),
    refundCall: (request: RefundRequest) => refundCall(billing, request),
    settleX402Call: (request: X402SettleRequest, mode?: SettlementMode) => settleX402Call(deps.store, x402(), request, mode),
    settleCreditPurchase: (request: CreditPurchaseRequest, mode?: SettlementMode) => settleCreditPurchase(deps.store, x402(), request, mode),
    runTool: timed,
    quickLocalCall: (request: ToolCallRequest) => quickLocalCall(billing, timed, request),
    /** A completed call's charge given back: its caller left before the answer and nobody can collect it (toolCall). */
    reverseCharge: (request: { callId: string; reason: string; requestId: string }) => reverseCharge(deps.store, request),
    ...idempotencyActivities(deps),
    ...searchVectorActivities({ db: deps.store.db, config: deps.config, embedder }),
  };
  // Every feature's activities (activities/<feature>/feature.ts), typed for workflows through FeatureActivities.
  const features = Object.assign({}, ...[...activityFeatures.values()].map((feature) => feature.activities?.(resources) ?? {})) as AllFeatureActivities;
  return withPermanentFailures({ ...ledger, ...features });
}

export type Activities = ReturnType<typeof createActivities>;
