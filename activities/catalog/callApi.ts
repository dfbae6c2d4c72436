import { ApplicationFailure } from '@temporalio/activity';
import type { Config } from '../../schema/config';
import type { Db } from '../../core/db/createDb';
import { invalidInput } from '../../core/calls/callFailures';
import { findCatalogEntry } from '../../core/catalog/findCatalogEntry';
import { readLimited, type SafeFetch } from '../../core/net/safeFetch';
import { callerUrlFailure, unreachableUrl } from '../tools/callerUrlFailure';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { ToolInput } from '../../schema/registry/toolInput';

export interface ApiRequest {
  /** A catalogue id, whose base URL is called … */
  readonly apiId?: string;
  /** … or a base URL the caller gives. */
  readonly url?: string;
  readonly path?: string;
  readonly method?: 'GET' | 'POST';
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ApiDeps {
  readonly db: Db;
  readonly safeFetch: SafeFetch;
  readonly config: Config;
}

/** Headers a caller may not set on the upstream request: routing, cookies, framing and proxy headers are ours. */
const DROPPED_HEADERS = /^(host|cookie|connection|content-length|transfer-encoding|upgrade|te|trailer|keep-alive|expect|proxy-.*|x-forwarded-.*|forwarded)$/i;
const TEXT_TYPES = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)$)/;
const HINT = 'Call a public https API: its catalogue id (GET /catalog) or base url, a path below it, query and body.';

/**
 * One request to an API for a caller (/catalog/{id}/invoke, /api-call): the address is the catalogued base URL
 * (or the caller's) plus the path, sent through the outgoing-URL guard like every caller URL (each redirect hop
 * checked too), answered within CATALOG_RESPONSE_MAX_BYTES. The upstream's status is passed on as it came; only a
 * request that got no answer at all fails the call (and charges nothing). A POST is never sent twice.
 */
export async function callApi(deps: ApiDeps, request: ApiRequest, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const base = await baseUrlOf(deps.db, request);
  const method = request.method ?? 'GET';
  const target = joinUrl(base, request.path ?? '', request.query ?? {});
  const headers: Record<string, string> = { accept: 'application/json, text/*;q=0.8, */*;q=0.5', 'user-agent': deps.config.scrapeUserAgent };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (!DROPPED_HEADERS.test(name)) headers[name.toLowerCase()] = value;
  const body = method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(deps.config.scrapeTimeoutSeconds * 1000);
  let response;
  let bytes: Buffer;
  try {
    response = await deps.safeFetch(target, { method, headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    bytes = await readLimited(response, deps.config.catalogResponseMaxBytes);
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) {
      throw once(method, unreachableUrl(target, { cause: 'timeout', code: `no answer within ${deps.config.scrapeTimeoutSeconds} s` }));
    }
    const failure = once(method, callerUrlFailure(error, 'url', target, HINT, signal));
    if (failure instanceof ApplicationFailure && /-byte limit/.test(failure.message)) {
      throw invalidInput(`the API answered more than ${deps.config.catalogResponseMaxBytes} bytes`, 'Ask for less (a page size or a filter in `query`).');
    }
    throw failure;
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const answer: Record<string, unknown> = {
    ...(request.apiId ? { api_id: request.apiId } : { api_id: null }),
    url: target,
    method,
    status: response.status,
    ok: response.ok,
    content_type: contentType,
    bytes: bytes.byteLength,
  };
  if (!TEXT_TYPES.test(contentType)) return answer;
  const text = bytes.toString('utf8');
  if (/json/.test(contentType)) {
    try {
      return { ...answer, data: JSON.parse(text) as unknown };
    } catch {
      // Declared JSON but is not: pass it on as text.
    }
  }
  return { ...answer, text };
}

/** /api-call's validated input as a request: api_id or url, and `params` for the query. */
export function apiRequestOf(input: ToolInput<typeof catalogTools, 'api-call'>): ApiRequest {
  return { apiId: input.api_id, url: input.url, path: input.path, method: input.method, query: input.params, body: input.body, headers: input.headers };
}

async function baseUrlOf(db: Db, request: ApiRequest): Promise<string> {
  if (request.url) return request.url;
  if (!request.apiId) throw invalidInput('name the API: api_id (from GET /catalog) or url', HINT);
  const entry = await findCatalogEntry(db, request.apiId);
  if (!entry) throw invalidInput(`no API "${request.apiId}" in the catalogue`, 'GET /catalog lists the catalogue ids.');
  if (!entry.base_url) throw invalidInput(`the catalogue knows no base URL for "${request.apiId}"`, 'Call it by `url` instead, from its documentation.');
  return entry.base_url;
}

/** The base URL, the path below it (a path never climbs out of it), and the query merged into the base's own. */
export function joinUrl(base: string, path: string, query: Readonly<Record<string, string | number | boolean>>): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw invalidInput(`not an address: ${base}`, HINT);
  }
  if (path) {
    // URL parsing resolves dot segments, written plainly or percent-encoded (%2e): refused, so a path stays below its base.
    if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) throw invalidInput('path may not contain . or .. segments', HINT);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.toString();
}

/** A POST may have reached the API: never retried. */
function once<T>(method: string, failure: T): T | ApplicationFailure {
  if (method !== 'POST' || !(failure instanceof ApplicationFailure) || failure.nonRetryable) return failure;
  return ApplicationFailure.create({ type: failure.type ?? undefined, message: failure.message, nonRetryable: true, details: failure.details ?? [] });
}
