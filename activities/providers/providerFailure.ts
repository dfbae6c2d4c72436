import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors } from '../../schema/calls';
import { LOCAL_SERVER_PROVIDER, type ProviderInfo, PROVIDERS, type ProviderName } from '../../schema/models';
import type { CallSignal } from './callSignal';

/** What went wrong upstream, in words every adapter can say whatever its SDK's error classes. */
export type UpstreamProblem =
  | { readonly kind: 'http'; readonly status: number; readonly message: string; readonly retryAfterMs?: number }
  | { readonly kind: 'timeout' | 'network' | 'broken-stream'; readonly message: string };

export interface FailureContext {
  readonly model: string;
  readonly baseUrl: string;
}

export interface ProviderFailureDetails {
  readonly hint: string;
  readonly provider: ProviderName | typeof LOCAL_SERVER_PROVIDER;
  readonly status?: number;
  /** A configuration gap (ModelUnavailable): the variables to check. */
  readonly settings?: readonly string[];
}

/** Who answered: a catalogue provider, or a local OpenAI-compatible server the probe found (by its address). */
export type Upstream = ProviderName | { readonly localServer: string };

/** How a failure names the upstream and the setting to look at. */
function described(upstream: Upstream): Pick<ProviderInfo, 'displayName' | 'apiKeyEnv' | 'baseUrlEnv'> & Pick<ProviderFailureDetails, 'provider'> {
  if (typeof upstream === 'string') return { provider: upstream, ...PROVIDERS[upstream] };
  const setting = 'LOCAL_MODEL_SERVERS';
  return { provider: LOCAL_SERVER_PROVIDER, displayName: `The local model server at ${upstream.localServer}`, apiKeyEnv: setting, baseUrlEnv: setting };
}

/** Overload, rate limits and conflicts pass; a timeout of the provider's own gateway (408) too. */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
/** A provider asking for hours must not hold a call that long: the retry policy's own backoff takes over. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Maps an upstream problem to the failure the workflow acts on. Retryable (429, 5xx, time-outs, network):
 * UpstreamFailure, retried. Key refused (401/403) or model/address wrong (404): ModelUnavailable, not
 * retried, the hint naming the variable to fix. Any other 4xx: the provider refused this request, not retried.
 */
export function providerFailure(upstream: Upstream, problem: UpstreamProblem, context: FailureContext): ApplicationFailure {
  const { provider, ...info } = described(upstream);
  if (problem.kind !== 'http') {
    const what = problem.kind === 'timeout' ? 'did not answer in time' : problem.kind === 'network' ? 'could not be reached' : 'broke off its answer';
    return failure(CallErrors.upstream, `${info.displayName} ${what}: ${problem.message}`, false, {
      hint: `The call is retried. ${info.displayName} is reached at ${context.baseUrl} (${info.baseUrlEnv}).`,
      provider,
    });
  }
  const { status } = problem;
  const message = `${info.displayName} answered ${status}: ${problem.message}`;
  if (status === 401 || status === 403) {
    return failure(CallErrors.modelUnavailable, message, true, {
      hint: `${info.displayName} refused the key: check ${info.apiKeyEnv}.`,
      provider,
      status,
      settings: [info.apiKeyEnv],
    });
  }
  if (status === 404) {
    return failure(CallErrors.modelUnavailable, message, true, {
      hint: `${context.baseUrl} does not serve "${context.model}": check ${info.baseUrlEnv}, or map the id with MODEL_ALIASES.`,
      provider,
      status,
      settings: [info.baseUrlEnv, 'MODEL_ALIASES'],
    });
  }
  if (RETRYABLE_STATUS.has(status) || status >= 500) {
    const hint =
      status === 429 ? `${info.displayName} is rate-limiting this service; the call is retried.` : `${info.displayName} failed; the call is retried.`;
    const delay = problem.retryAfterMs === undefined ? undefined : Math.min(problem.retryAfterMs, MAX_RETRY_DELAY_MS);
    return failure(CallErrors.upstream, message, false, { hint, provider, status }, delay);
  }
  return failure(CallErrors.upstream, message, true, { hint: `${info.displayName} refused the request as made; retrying would not help.`, provider, status });
}

function failure(type: string, message: string, nonRetryable: boolean, details: ProviderFailureDetails, nextRetryDelayMs?: number): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable,
    details: [details],
    ...(nextRetryDelayMs === undefined ? {} : { nextRetryDelay: nextRetryDelayMs }),
  });
}

/**
 * `Retry-After` (seconds or an HTTP date) or OpenAI's `retry-after-ms`, in milliseconds. An HTTP date is measured
 * from the answer's own `Date` (RFC 9110 §10.2.3: both are the server's clock, so a skew of ours does not count);
 * without one it gives no delay.
 */
export function retryAfterMs(headers: Headers | null | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  const sent = Date.parse(headers?.get('date') ?? '');
  return Number.isNaN(date) || Number.isNaN(sent) ? undefined : Math.max(0, date - sent);
}

/**
 * What an adapter throws for an error of its SDK: the caller's own abort reason when it cancelled, a time-out
 * failure when our deadline passed, the mapped failure when the SDK's error says what happened upstream, and
 * anything else (a bug, an invalid input) unchanged.
 */
export function adapterFailure(
  provider: Upstream,
  error: unknown,
  call: CallSignal,
  context: FailureContext,
  describe: (error: unknown) => UpstreamProblem | undefined,
): unknown {
  if (call.cancelled) return call.signal.reason ?? error;
  if (call.timedOut) return providerFailure(provider, { kind: 'timeout', message: `no complete answer within ${call.timeoutMs} ms` }, context);
  const problem = describe(error);
  return problem ? providerFailure(provider, problem, context) : error;
}

/** Whether a failure says the provider itself is unwell or misconfigured (counts toward its circuit breaker, tries another). */
export function isProviderFault(error: unknown): boolean {
  if (!(error instanceof ApplicationFailure)) return false;
  if (error.type === CallErrors.modelUnavailable) return true;
  return error.type === CallErrors.upstream && !error.nonRetryable;
}
