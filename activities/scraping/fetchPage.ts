import { readLimited, type SafeFetch } from '../../core/net/safeFetch';
import { invalidInput, upstreamFailure } from '../../core/calls/callFailures';
import { callerUrlFailure, unreachableUrl } from '../tools/callerUrlFailure';

export const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);
export const PAGE_HINT = 'Send the address of a public web page (HTML or plain text); private, loopback and metadata addresses are refused.';

export interface FetchedPage {
  /** Where the page was read after redirects (each hop checked by the guard). */
  readonly finalUrl: string;
  readonly contentType: string;
  readonly body: string;
  readonly bytes: number;
}

export interface PageLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly userAgent: string;
  /** The call's cancellation (a caller that went away). */
  readonly signal?: AbortSignal;
}

/**
 * A page a caller pointed a scrape at, through the outgoing-URL guard (no private, loopback or metadata address,
 * after DNS and on every redirect), within a time and size limit, HTML or text only. The caller's mistakes are 400s
 * naming `field`; an upstream 5xx is retried, then 503; a server that cannot be reached is the upstream's fault
 * (502, or 504 for no answer in time: callerUrlFailure).
 */
export async function fetchPage(safeFetch: SafeFetch, url: string, limits: PageLimits, field = 'url'): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
  try {
    const response = await safeFetch(url, {
      headers: { accept: 'text/html, application/xhtml+xml, text/plain;q=0.8', 'user-agent': limits.userAgent },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status >= 500 || response.status === 429) throw upstreamFailure(`${field} answered HTTP ${response.status}`);
      throw invalidInput(`${field} answered HTTP ${response.status}`, PAGE_HINT);
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!HTML_TYPES.has(contentType) && !TEXT_TYPES.has(contentType)) {
      await response.body?.cancel();
      throw invalidInput(`${field} is ${contentType || 'of no declared type'}, not a web page or text`, PAGE_HINT);
    }
    const body = await readLimited(response, limits.maxBytes);
    return { finalUrl: response.url || url, contentType, body: body.toString('utf8'), bytes: body.byteLength };
  } catch (error) {
    if (timeout.aborted && !limits.signal?.aborted)
      throw unreachableUrl(url, { cause: 'timeout', code: `no answer within ${limits.timeoutMs / 1000} s` }, field);
    throw callerUrlFailure(error, field, url, PAGE_HINT, limits.signal);
  }
}
