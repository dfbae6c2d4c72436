import type { Route } from 'playwright-core';
import { readLimited, type SafeFetch, UnsafeUrl } from '../../../core/net/safeFetch';
import { checkUrl } from '../../../core/net/safeFetch';
import { invalidInput } from '../../../core/calls/callFailures';
import { upstreamUnavailable } from '../upstream/upstreamFailures';
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
 * handed back; a refused request fails in the page, and a refused page fails the call with a 400.
 */
export async function takeScreenshot(browsers: PageBrowser, safeFetch: SafeFetch, request: ShotRequest, signal?: AbortSignal): Promise<Shot> {
  try {
    checkUrl(request.url, request.allowLocalHttp);
  } catch (error) {
    throw invalidInput(`url refused: ${(error as Error).message}`, 'Send the address of a public https page.');
  }
  const browser = await browsers.browser();
  const context = await browser.newContext({ viewport: { width: SCREENSHOT_WIDTH, height: request.height }, serviceWorkers: 'block', acceptDownloads: false });
  const abort = () => void context.close().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  let refusal: string | undefined;
  try {
    await context.route('**/*', (route) =>
      guardedRoute(route, safeFetch, signal).then((problem) => void (problem && isMainDocument(route) && (refusal ??= problem))),
    );
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'websockets are not opened for screenshots' }));
    const page = await context.newPage();
    let response;
    try {
      response = await page.goto(request.url, { waitUntil: 'load', timeout: request.timeoutMs });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (refusal) throw invalidInput(`url refused: ${refusal}`, 'Send the address of a public https page.');
      if ((error as Error).name === 'TimeoutError') throw upstreamUnavailable('page', `did not load within ${request.timeoutMs} ms`);
      throw invalidInput(`url could not be loaded: ${(error as Error).message.split('\n')[0]}`, 'Send the address of a page that answers.');
    }
    if (refusal) throw invalidInput(`url refused: ${refusal}`, 'Send the address of a public https page.');
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

/** Fetches one of the page's requests through the guard and fulfils it; a refusal aborts it and is returned. */
async function guardedRoute(route: Route, safeFetch: SafeFetch, signal?: AbortSignal): Promise<string | undefined> {
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
    return error instanceof UnsafeUrl ? error.message : `could not be fetched (${(error as Error).message})`;
  }
}

function isMainDocument(route: Route): boolean {
  const request = route.request();
  return request.isNavigationRequest() && request.frame().parentFrame() === null;
}
