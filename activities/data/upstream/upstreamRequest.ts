import { fetch, type Response } from 'undici';
import { upstreamUnreachable } from '../../../core/calls/callFailures';
import { networkFailureOf } from '../../../core/net/networkFailure';
import { startUpstreamRequest } from '../../calls/upstreamRequests';
import { retryAfterMs } from '../../providers/providerFailure';
import { upstreamKeyRefused, upstreamMalformed, upstreamNotFound, upstreamRefused, upstreamUnavailable } from './upstreamFailures';

/** A data source the service calls on its own behalf: its address, time-out and the key variable an operator sets. */
export interface Upstream {
  /** Named in `_meta.source.upstream` and in errors: `open-meteo`, `coingecko` … */
  readonly name: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The variable holding our credential, named when the upstream refuses it. */
  readonly keyVariable?: string;
  readonly userAgent: string;
}

export interface UpstreamRequest {
  /** Appended to the base URL (already encoded). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (objects) or a form (URLSearchParams). */
  readonly body?: Record<string, unknown> | URLSearchParams;
  /** The call's cancellation (the caller went away). */
  readonly signal?: AbortSignal;
  /** What a 404 means for this request (which city, which article), in the caller's words. */
  readonly notFound?: string;
}

/**
 * One request to an upstream, its failures mapped once for every adapter: 429, 408 and 5xx (and a 403 that is a
 * rate limit) retried by the activity honouring Retry-After, then 503; 404 the caller's 404 with the upstream's
 * reason; other 4xx the caller's 400; a refused key a 503 naming its variable; an upstream that cannot be reached
 * (no such host, refused, reset, a time-out) as any unreachable server is: retried where that may mend it, then 502,
 * 503 (our resolver) or 504.
 * Requests here go to operator-configured addresses, not caller-given ones, so they skip the outgoing-URL guard.
 */
export async function requestUpstream(upstream: Upstream, request: UpstreamRequest): Promise<Response> {
  const url = new URL(upstream.baseUrl + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const body = request.body instanceof URLSearchParams ? request.body : request.body ? JSON.stringify(request.body) : undefined;
  // Counted and timed (Server-Timing's `upstream`): failed when the fault is the upstream's or our key's, not the caller's.
  const asked = startUpstreamRequest('data', upstream.name, { 'server.address': url.host, 'http.request.method': request.method ?? 'GET' });
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        'user-agent': upstream.userAgent,
        accept: 'application/json',
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(body ? { body } : {}),
      signal,
    });
  } catch (error) {
    asked.end('failed');
    if (request.signal?.aborted) throw request.signal.reason;
    // Unreachable is said one way whatever asked (a caller's URL or our data source): 502 no such host or refused,
    // 503 our resolver failed, 504 no answer in time (core/calls/callFailures.ts upstreamUnreachable).
    const subject = `${upstream.name} (${url.host})`;
    if (timeout.aborted)
      throw upstreamUnreachable(upstream.name, { cause: 'timeout', code: 'TimeoutError' }, { subject: `${subject}, within ${upstream.timeoutMs} ms,` });
    const failure = networkFailureOf(error);
    if (failure) throw upstreamUnreachable(upstream.name, failure, { subject });
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw upstreamUnavailable(upstream.name, `could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  }
  const { status } = response;
  asked.end(status === 429 || status === 408 || status >= 500 || status === 401 || status === 403 ? 'failed' : 'ok', { 'http.response.status_code': status });
  if (response.ok) return response;
  const reason = await reasonOf(response);
  if (status === 404 || status === 410) throw upstreamNotFound(upstream.name, request.notFound ?? reason);
  if (status === 429 || status === 408 || status >= 500 || isRateLimit(response)) {
    throw upstreamUnavailable(upstream.name, `answered ${status}: ${reason}`, status, retryAfterMs(response.headers) ?? rateLimitResetMs(response));
  }
  if (status === 401 || status === 403) throw upstreamKeyRefused(upstream.name, status, upstream.keyVariable);
  throw upstreamRefused(upstream.name, status, reason);
}

/** The JSON body of a successful request; a body that is not JSON is the upstream's fault. */
export async function upstreamJson(upstream: Upstream, request: UpstreamRequest): Promise<unknown> {
  const response = await requestUpstream(upstream, request);
  const text = await readBody(upstream, response, request.signal);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw upstreamMalformed(upstream.name, `not JSON (${text.slice(0, 60).replace(/\s+/g, ' ')}…)`);
  }
}

/** The text body of a successful request (XML feeds). */
export async function upstreamText(upstream: Upstream, request: UpstreamRequest): Promise<string> {
  return readBody(upstream, await requestUpstream(upstream, request), request.signal);
}

async function readBody(upstream: Upstream, response: Response, signal?: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw upstreamUnavailable(upstream.name, `broke off its answer (${(error as Error).message})`);
  }
}

/** GitHub and others say "rate limited" with a 403 and headers, not a 429. */
function isRateLimit(response: Response): boolean {
  return response.status === 403 && (response.headers.get('x-ratelimit-remaining') === '0' || response.headers.has('retry-after'));
}

/** When the window resets (epoch seconds), measured from the answer's own `Date`, the server's clock like the reset. */
function rateLimitResetMs(response: Response): number | undefined {
  const reset = Number(response.headers.get('x-ratelimit-reset') ?? NaN);
  const sent = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(reset) && reset > 0 && !Number.isNaN(sent) ? Math.max(0, reset * 1000 - sent) : undefined;
}

/** The upstream's own words for a refusal: the usual JSON error fields, else the start of its text. */
async function reasonOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const nested = body.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : {};
    const errors = Array.isArray(body.errors) ? (body.errors[0] as Record<string, unknown> | undefined) : undefined;
    for (const candidate of [
      body.message,
      body.reason,
      typeof body.error === 'string' ? body.error : undefined,
      nested.message,
      body.detail,
      body.title,
      errors?.message,
    ]) {
      if (typeof candidate === 'string' && candidate.trim()) return candidate.trim().slice(0, 300);
    }
  } catch {
    // not JSON: the text itself
  }
  return text ? text.replace(/\s+/g, ' ').slice(0, 300) : `HTTP ${response.status}`;
}
