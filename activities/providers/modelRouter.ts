import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors } from '../../schema/calls';
import type { TokenUsage } from '../../schema/events';
import type { Micros } from '../../schema/money';
import { LOCAL_SERVER_PROVIDER, type LocalServerModel, modelCost, type ModelInfo, type ProviderName } from '../../schema/models';
import { type Clock, systemClock } from '../../core/clock/clock';
import { modelUnavailable } from '../../core/calls/callFailures';
import { autoCandidates } from '../../core/models/autoCandidates';
import {
  createModelResolver,
  localServerCandidates,
  type ModelResolver,
  noModelFor,
  notConfigured,
  type ProviderChoice,
} from '../../core/models/modelResolver';
import { circuitBreakers } from '../../core/metrics/serviceMetrics';
import { startUpstreamRequest } from '../calls/upstreamRequests';
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
  /** The catalogue id that answered, e.g. `gpt-4o-mini`, or a local server's own id. */
  readonly model: string;
  readonly provider: ProviderName | typeof LOCAL_SERVER_PROVIDER;
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
  /** The models local OpenAI-compatible servers serve, as the worker's probe last found them. */
  readonly localServers?: () => readonly LocalServerModel[];
  /** The adapter of a local server (OpenAI-compatible), by its address. */
  readonly localServerProvider?: (baseUrl: string) => ModelProvider;
}

/** One model a request may go to, whoever serves it. */
interface Candidate {
  /** What answered, as `_meta.model` says it. */
  readonly id: string;
  readonly provider: ModelProvider | undefined;
  readonly providerName: RoutedCompletion['provider'];
  /** The circuit breaker's key: a provider, or a local server's address. */
  readonly circuit: string;
  readonly price: Pick<ModelInfo, 'inputPerMillion' | 'outputPerMillion'>;
  /** The model's own answer limit, when the catalogue knows it. */
  readonly maxOutputTokens?: number;
  /** The id sent upstream. */
  readonly upstreamId: string;
  /** Thrown when no adapter serves it. */
  readonly missing: () => ApplicationFailure;
}

const DEFAULT_MAX_TOKENS = 4096;
const NO_SERVERS: readonly LocalServerModel[] = [];
/** `auto` tries a second provider when the first fails; more would stack time-outs past the activity's limit. */
const PROVIDERS_PER_CALL = 2;

/**
 * Resolves `model`, runs completions on the right adapter, and keeps `auto` away from failing providers:
 * a provider that failed three times in a row is skipped for five minutes, and a call `auto` routed to a
 * failing provider moves on to the next configured one (a stream only while it has sent nothing). `auto` tries
 * the configured providers first, then the local servers the probe found.
 */
export function createModelRouter(deps: ModelRouterDeps): ModelRouter {
  const { providers } = deps;
  const clock = deps.clock ?? systemClock;
  const breaker = createCircuitBreaker({ ...deps.circuitBreaker, clock });
  // Its circuits are what toolgate_provider_circuit_open reports.
  circuitBreakers.add(breaker);
  const isConfigured = (name: ProviderName) => providers.has(name);
  const serverAdapters = new Map<string, ModelProvider>();

  const catalogueCandidate = (model: ModelInfo): Candidate => ({
    id: model.id,
    provider: providers.get(model.provider),
    providerName: model.provider,
    circuit: model.provider,
    price: model,
    maxOutputTokens: model.maxOutputTokens,
    upstreamId: deps.aliases?.get(model.id) ?? model.id,
    missing: () => notConfigured(model),
  });
  const serverCandidate = (model: LocalServerModel): Candidate => {
    let provider = serverAdapters.get(model.baseUrl);
    if (!provider && deps.localServerProvider) serverAdapters.set(model.baseUrl, (provider = deps.localServerProvider(model.baseUrl)));
    return {
      id: model.id,
      provider,
      providerName: LOCAL_SERVER_PROVIDER,
      circuit: `local-server ${model.baseUrl}`,
      price: model,
      upstreamId: model.id,
      missing: () =>
        modelUnavailable(`${model.id} is served by ${model.baseUrl}, which this worker cannot reach`, 'Run the workers where the local server is.', [
          'LOCAL_MODEL_SERVERS',
        ]),
    };
  };

  function candidatesFor(choice: ProviderChoice): Candidate[] {
    if (choice.kind === 'model') return [catalogueCandidate(choice.model)];
    if (choice.kind === 'server') return [serverCandidate(choice.model)];
    const catalogue = autoCandidates(choice.need, isConfigured, (name) => breaker.isOpen(name));
    const local = localServerCandidates(deps.localServers?.() ?? [], choice.need).map(serverCandidate);
    const ready = [...catalogue.ready.map(catalogueCandidate), ...local.filter((c) => !breaker.isOpen(c.circuit))];
    if (ready.length > 0) return ready.slice(0, PROVIDERS_PER_CALL);
    const coolingDown = [...catalogue.coolingDown.map(catalogueCandidate), ...local];
    if (coolingDown.length > 0)
      throw allCoolingDown(
        coolingDown.map((c) => breaker.reopensAt(c.circuit)?.getTime() ?? 0),
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
    for (const candidate of candidatesFor(choice)) {
      const { provider } = candidate;
      if (!provider) throw candidate.missing();
      const upstream = upstreamRequest(candidate, request);
      const asked = startUpstreamRequest('model', candidate.providerName, { 'gen_ai.system': candidate.providerName, 'gen_ai.request.model': upstream.model });
      try {
        const completion = await call(provider, upstream);
        asked.end('ok', {
          'gen_ai.response.model': completion.model,
          'gen_ai.usage.input_tokens': completion.usage.input,
          'gen_ai.usage.output_tokens': completion.usage.output,
        });
        breaker.recordSuccess(candidate.circuit);
        return routed(candidate, completion);
      } catch (error) {
        asked.end('failed', { 'error.type': error instanceof Error ? error.name : 'Error' });
        if (!isProviderFault(error)) throw error;
        breaker.recordFailure(candidate.circuit, error instanceof Error ? error.message.slice(0, 300) : String(error));
        lastFailure = error;
        if (!mayMoveOn()) break;
      }
    }
    throw lastFailure;
  }

  // The resolver follows the probe's latest finds; made again only when they change.
  let resolver: { servers: readonly LocalServerModel[]; rules: ModelResolver } | undefined;
  const rules = () => {
    const servers = deps.localServers?.() ?? NO_SERVERS;
    if (resolver?.servers !== servers) resolver = { servers, rules: createModelResolver([...providers.keys()], servers) };
    return resolver.rules;
  };
  return {
    list: () => rules().list(),
    configuredProviders: () => rules().configuredProviders(),
    localServers: () => rules().localServers(),
    resolve: (requested, options) => rules().resolve(requested, options),
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

function upstreamRequest(candidate: Candidate, request: ModelRequest): CompletionRequest {
  const asked = request.maxTokens ?? DEFAULT_MAX_TOKENS;
  return { ...request, model: candidate.upstreamId, maxTokens: candidate.maxOutputTokens === undefined ? asked : Math.min(asked, candidate.maxOutputTokens) };
}

function routed(candidate: Candidate, completion: Completion): RoutedCompletion {
  return {
    text: completion.text,
    model: candidate.id,
    provider: candidate.providerName,
    upstreamModel: completion.model,
    usage: completion.usage,
    finishReason: completion.finishReason,
    costMicros: modelCost(candidate.price, completion.usage),
  };
}

function allCoolingDown(reopenTimes: number[], now: number): ApplicationFailure {
  const waitMs = Math.max(1000, Math.min(...reopenTimes) - now);
  return ApplicationFailure.create({
    type: CallErrors.upstream,
    message: 'every configured model provider for this tool failed repeatedly and is being skipped for a while',
    nonRetryable: false,
    details: [{ hint: `Try again in ${Math.ceil(waitMs / 1000)} s.`, retry_after_s: Math.ceil(waitMs / 1000) }],
    nextRetryDelay: waitMs,
  });
}
