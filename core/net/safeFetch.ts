import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { checkAddress, isLoopback } from './addressPolicy';

/** What a caller is told about any refused destination: one text, so refusals cannot be used to map addresses or ports. */
export const URL_REFUSED = 'the URL is not allowed: only https URLs on public addresses are fetched';

/** A destination (or an answer) the guard refused. `reason` says why, for logs; the message is what callers see. */
export class UnsafeUrl extends Error {
  constructor(
    readonly reason: string,
    readonly url: string,
    publicMessage: string = URL_REFUSED,
  ) {
    super(publicMessage);
    this.name = 'UnsafeUrl';
  }
}

export interface SafeFetchOptions {
  /** Plain HTTP to loopback (and loopback at all): development and tests only. */
  readonly allowLocalHttp: boolean;
  readonly maxRedirects?: number;
  readonly timeoutMs?: number;
}

export type SafeFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * fetch for every request the service makes on a caller's behalf (webhooks, callbacks, scraping, images).
 * HTTPS only; the address each connection actually uses is checked after DNS resolution (so a name that
 * resolves, or rebinds, to a private or metadata address is refused), and so is every redirect hop.
 */
export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const maxRedirects = options.maxRedirects ?? 5;
  const guardedLookup =
    (allowLoopback: boolean, loopbackOnly: boolean): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 0);
        const list = addresses as dns.LookupAddress[];
        for (const { address } of list) {
          const verdict =
            loopbackOnly && !isLoopback(address)
              ? { ok: false as const, reason: `plain HTTP is allowed to loopback only, not ${address}` }
              : checkAddress(address, allowLoopback);
          if (!verdict.ok) return callback(Object.assign(new Error(`refused ${hostname}: ${verdict.reason}`), { code: 'EUNSAFEADDRESS' }), '', 0);
        }
        if (lookupOptions.all) return callback(null, list as never);
        const first = list[0];
        if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      });
    };
  const connectTimeout = options.timeoutMs ?? 10_000;
  const httpsAgent = new Agent({ connect: { lookup: guardedLookup(options.allowLocalHttp, false), timeout: connectTimeout } });
  const httpAgent = new Agent({ connect: { lookup: guardedLookup(true, true), timeout: connectTimeout } });

  return async (url, init = {}) => {
    let current = url;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const target = checkUrl(current, options.allowLocalHttp);
      let response: Response;
      try {
        response = await undiciFetch(target, {
          ...init,
          redirect: 'manual',
          dispatcher: target.protocol === 'https:' ? httpsAgent : httpAgent,
          signal: init.signal ?? AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        if (cause?.code === 'EUNSAFEADDRESS') throw new UnsafeUrl(cause.message ?? 'refused address', current);
        throw error;
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      current = new URL(location, target).toString();
    }
    throw new UnsafeUrl(`more than ${maxRedirects} redirects`, url);
  };
}

/** Scheme and literal-address checks that need no DNS. */
export function checkUrl(url: string, allowLocalHttp: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrl(`not a URL: ${url}`, url);
  }
  if (parsed.username || parsed.password) throw new UnsafeUrl('URLs with credentials are refused', url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parsed.protocol === 'http:') {
    if (!allowLocalHttp) throw new UnsafeUrl('only https URLs are allowed', url);
    // The connection check enforces loopback for names; literals are checked here.
    if (/^[\d.]+$|:/.test(host) && !isLoopback(host)) throw new UnsafeUrl(`plain HTTP is allowed to loopback only, not ${host}`, url);
    return parsed;
  }
  if (parsed.protocol !== 'https:') throw new UnsafeUrl(`only https URLs are allowed, not ${parsed.protocol}`, url);
  if (/^[\d.]+$|:/.test(host)) {
    const verdict = checkAddress(host, allowLocalHttp);
    if (!verdict.ok) throw new UnsafeUrl(`refused ${host}: ${verdict.reason}`, url);
  }
  return parsed;
}

/** Reads a body up to a size limit: outgoing fetches never buffer more than they were told to. */
export async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    const tooLarge = `response of ${declared} bytes is over the ${maxBytes}-byte limit`;
    throw new UnsafeUrl(tooLarge, response.url, tooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).byteLength;
    const tooLarge = `response is over the ${maxBytes}-byte limit`;
    if (size > maxBytes) throw new UnsafeUrl(tooLarge, response.url, tooLarge);
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/** The low-level reason a fetch failed (ECONNREFUSED, ENOTFOUND …), which undici keeps in `cause`. */
export function fetchErrorCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
