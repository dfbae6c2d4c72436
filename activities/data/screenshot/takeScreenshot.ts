import type { Route } from 'playwright-core';
import { readLimited, type SafeFetch, UnsafeUrl } from '../../../core/net/safeFetch';
import { checkUrl } from '../../../core/net/safeFetch';
import { invalidInput, upstreamFailure } from '../../../core/calls/callFailures';
import { networkFailureOf } from '../../../core/net/networkFailure';
import { unreachableUrl } from '../../tools/callerUrlFailure';
import type { PageBrowser } from './pageBrowser';

export const SCREENSHOT_WIDTH = 1280;
/** Largest single response a page may load (a big image, a script bundle). */
const MAX_RESOURCE_BYTES = 15 * 1024 * 1024;
/** Headers the browser sets itself, or that describe the encoded body undici has already decoded. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

export interface ShotRequest {
  readonly url: string;
  readonly height: number;
  readonly fullPage: boolean;
  readonly maxHeight: number;
  readonly timeoutMs: number;
  readonly allowLocalHttp: boolean;
}

export interface Shot {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  readonly title: string;
}

/**
 * A page as Chromium renders it at 1280 px wide. The browser itself never connects anywhere: every request it makes
 * is fetched by us through the outgoing-URL guard (https, public addresses after DNS, every redirect checked) and
 * handed back; a refused request fails in the page, and a refused page fails the call with a 400. A page whose
 * server cannot be reached, fails (5xx) or does not load in time is the upstream's fault (502/503/504).
 */
export async function takeScreenshot(browsers: PageBrowser, safeFetch: SafeFetch, request: ShotRequest, signal?: AbortSignal): Promise<Shot> {
  try {
    checkUrl(request.url, request.allowLocalHttp);
  } catch (error) {
    throw invalidInput(`url refused: ${(error as Error).message}`, PAGE_HINT, 'url_refused');
  }
  const browser = await browsers.browser();
  const context = await browser.newContext({ viewport: { width: SCREENSHOT_WIDTH, height: request.height }, serviceWorkers: 'block', acceptDownloads: false });
  const abort = () => void context.close().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  // Why the page itself could not be fetched (its subresources may fail without failing the shot).
  let pageFailure: unknown;
  try {
    await context.route('**/*', (route) =>
      guardedRoute(route, safeFetch, signal).then((problem) => void (problem !== undefined && isMainDocument(route) && (pageFailure ??= problem))),
    );
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'websockets are not opened for screenshots' }));
    const page = await context.newPage();
    let response;
    try {
      response = await page.goto(request.url, { waitUntil: 'load', timeout: request.timeoutMs });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (pageFailure !== undefined) throw pageFailureAnswer(request.url, pageFailure);
      if ((error as Error).name === 'TimeoutError') throw unreachableUrl(request.url, { cause: 'timeout', code: `no load within ${request.timeoutMs} ms` });
      throw invalidInput(`url could not be loaded: ${(error as Error).message.split('\n')[0]}`, 'Send the address of a page that answers.');
    }
    if (pageFailure !== undefined) throw pageFailureAnswer(request.url, pageFailure);
    if (response && (response.status() >= 500 || response.status() === 429)) throw upstreamFailure(`url answered HTTP ${response.status()}`);
    if (response && response.status() >= 400) throw invalidInput(`url answered HTTP ${response.status()}`, 'Send the address of a page that exists.');
    const pageHeight = request.fullPage ? await page.evaluate<number>('document.documentElement.scrollHeight') : request.height;
    const height = Math.max(1, Math.min(pageHeight, request.maxHeight));
    const png = await page.screenshot({
      type: 'png',
      fullPage: request.fullPage,
      ...(request.fullPage ? { clip: { x: 0, y: 0, width: SCREENSHOT_WIDTH, height } } : {}),
    });
    return { png, width: SCREENSHOT_WIDTH, height, title: await page.title() };
  } finally {
    signal?.removeEventListener('abort', abort);
    await context.close().catch(() => undefined);
  }
}

const PAGE_HINT = 'Send the address of a public https page.';

/** Why the page could not be fetched: the guard's refusal (400), a server that could not be reached (502/504), or else the caller's. */
function pageFailureAnswer(url: string, failure: unknown): unknown {
  if (failure instanceof UnsafeUrl) return invalidInput(`url refused: ${failure.message}`, PAGE_HINT, 'url_refused');
  const network = networkFailureOf(failure);
  if (network) return unreachableUrl(url, network);
  return invalidInput(`url could not be fetched (${(failure as Error).message})`, PAGE_HINT);
}

/** Fetches one of the page's requests through the guard and fulfils it; a failure aborts it and is returned. */
async function guardedRoute(route: Route, safeFetch: SafeFetch, signal?: AbortSignal): Promise<unknown> {
  const request = route.request();
  try {
    const headers = Object.fromEntries(Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':') && name !== 'host'));
    const body = request.postDataBuffer();
    const response = await safeFetch(request.url(), { method: request.method(), headers, ...(body ? { body } : {}), ...(signal ? { signal } : {}) });
    const bytes = await readLimited(response, MAX_RESOURCE_BYTES);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) responseHeaders[name] = value;
    });
    await route.fulfill({ status: response.status, headers: responseHeaders, body: bytes });
    return undefined;
  } catch (error) {
    await route.abort('blockedbyclient').catch(() => undefined);
    return error ?? new Error('the request failed');
  }
}

function isMainDocument(route: Route): boolean {
  const request = route.request();
  return request.isNavigationRequest() && request.frame().parentFrame() === null;
}
