import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors } from '../../schema/calls';
import type { TokenUsage } from '../../schema/events';
import type { Micros } from '../../schema/money';
import { modelCost, type ModelInfo, type ProviderName } from '../../schema/models';
import { type Clock, systemClock } from '../../core/clock/clock';
import { autoCandidates } from '../../core/models/autoCandidates';
import { createModelResolver, type ModelResolver, noModelFor, notConfigured, type ProviderChoice } from '../../core/models/modelResolver';
import { type CircuitBreakerOptions, createCircuitBreaker } from './circuitBreaker';
import { isProviderFault } from './providerFailure';
import type { ChatMessage, Completion, CompletionRequest, FinishReason, ModelProvider, OnDelta } from './types';

export type { ModelChoice, ProviderChoice, ResolveOptions, ModelListing } from '../../core/models/modelResolver';

export interface ModelRequest {
  readonly system?: string;
  readonly messages: readonly ChatMessage[];
  /** Capped at the model's own limit; 4096 when not given. */
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly json?: boolean;
}

export interface RoutedCompletion {
  readonly text: string;
  /** The catalogue id that answered, e.g. `gpt-4o-mini`. */
  readonly model: string;
  readonly provider: ProviderName;
  /** The model as the provider named it in its answer (often a dated version). */
  readonly upstreamModel: string;
  readonly usage: TokenUsage;
  readonly finishReason: FinishReason;
  /** The provider's price of these tokens, for metered billing. */
  readonly costMicros: Micros;
}

/** The resolver's rules, plus the calls: a worker's view of the providers it holds adapters for. */
export interface ModelRouter extends ModelResolver {
  complete(choice: ProviderChoice, request: ModelRequest, signal?: AbortSignal): Promise<RoutedCompletion>;
  /** As complete, with each piece of text passed to onDelta as it arrives. */
  stream(choice: ProviderChoice, request: ModelRequest, onDelta: OnDelta, signal?: AbortSignal): Promise<RoutedCompletion>;
}

export interface ModelRouterDeps {
  readonly providers: ReadonlyMap<ProviderName, ModelProvider>;
  /** Catalogue id → id sent upstream (MODEL_ALIASES), for self-hosted servers. */
  readonly aliases?: ReadonlyMap<string, string>;
  readonly clock?: Clock;
  readonly circuitBreaker?: Omit<CircuitBreakerOptions, 'clock'>;
}

const DEFAULT_MAX_TOKENS = 4096;
/** `auto` tries a second provider when the first fails; more would stack time-outs past the activity's limit. */
const PROVIDERS_PER_CALL = 2;

/**
 * Resolves `model`, runs completions on the right adapter, and keeps `auto` away from failing providers:
 * a provider that failed three times in a row is skipped for five minutes, and a call `auto` routed to a
 * failing provider moves on to the next configured one (a stream only while it has sent nothing).
 */
export function createModelRouter(deps: ModelRouterDeps): ModelRouter {
  const { providers } = deps;
  const clock = deps.clock ?? systemClock;
  const breaker = createCircuitBreaker({ ...deps.circuitBreaker, clock });
  const isConfigured = (name: ProviderName) => providers.has(name);

  function candidatesFor(choice: ProviderChoice): ModelInfo[] {
    if (choice.kind === 'model') return [choice.model];
    const { ready, coolingDown } = autoCandidates(choice.need, isConfigured, (name) => breaker.isOpen(name));
    if (ready.length > 0) return ready.slice(0, PROVIDERS_PER_CALL);
    if (coolingDown.length > 0)
      throw allCoolingDown(
        coolingDown.map((m) => breaker.reopensAt(m.provider)?.getTime() ?? 0),
        clock.now().getTime(),
      );
    throw noModelFor(choice.need);
  }

  async function run(
    choice: ProviderChoice,
    request: ModelRequest,
    call: (provider: ModelProvider, upstream: CompletionRequest) => Promise<Completion>,
    mayMoveOn: () => boolean,
  ): Promise<RoutedCompletion> {
    let lastFailure: unknown;
    for (const model of candidatesFor(choice)) {
      const provider = providers.get(model.provider);
      if (!provider) throw notConfigured(model);
      try {
        const completion = await call(provider, upstreamRequest(model, request, deps.aliases));
        breaker.recordSuccess(model.provider);
        return routed(model, completion);
      } catch (error) {
        if (!isProviderFault(error)) throw error;
        breaker.recordFailure(model.provider);
        lastFailure = error;
        if (!mayMoveOn()) break;
      }
    }
    throw lastFailure;
  }

  const resolver = createModelResolver([...providers.keys()]);
  return {
    ...resolver,
    complete: (choice, request, signal) =>
      run(
        choice,
        request,
        (provider, upstream) => provider.complete(upstream, signal),
        () => !signal?.aborted,
      ),
    stream(choice, request, onDelta, signal) {
      let sent = false;
      const forward: OnDelta = (delta) => {
        sent = true;
        onDelta(delta);
      };
      // Once text reached the caller, another provider's answer cannot be spliced onto it.
      return run(
        choice,
        request,
        (provider, upstream) => provider.stream(upstream, forward, signal),
        () => !sent && !signal?.aborted,
      );
    },
  };
}

function upstreamRequest(model: ModelInfo, request: ModelRequest, aliases: ReadonlyMap<string, string> | undefined): CompletionRequest {
  return { ...request, model: aliases?.get(model.id) ?? model.id, maxTokens: Math.min(request.maxTokens ?? DEFAULT_MAX_TOKENS, model.maxOutputTokens) };
}

function routed(model: ModelInfo, completion: Completion): RoutedCompletion {
  return {
    text: completion.text,
    model: model.id,
    provider: model.provider,
    upstreamModel: completion.model,
    usage: completion.usage,
    finishReason: completion.finishReason,
    costMicros: modelCost(model, completion.usage),
  };
}

function allCoolingDown(reopenTimes: number[], now: number): ApplicationFailure {
  const waitMs = Math.max(1000, Math.min(...reopenTimes) - now);
  return ApplicationFailure.create({
    type: CallErrors.upstream,
    message: 'every configured model provider for this tool failed repeatedly and is being skipped for a while',
    nonRetryable: false,
    details: [{ hint: `Try again in ${Math.ceil(waitMs / 1000)} s.` }],
    nextRetryDelay: waitMs,
  });
}
