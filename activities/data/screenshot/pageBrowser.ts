import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { toolUnavailable } from '../../../core/calls/callFailures';

/**
 * Flags known to work with Debian's Chromium on these machines: headless, no sandbox (workers may run as root), no
 * GPU, and no background or component traffic. A dead proxy catches anything that escapes request interception
 * (every page request is fetched by us through the URL guard), and WebRTC may not open its own UDP paths.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** A browser nobody used for this long is closed, giving its memory back; the next screenshot starts another. */
const IDLE_CLOSE_MS = 5 * 60_000;

/** One Chromium per worker, started on first use and again if it dies; each screenshot gets a fresh context. */
export interface PageBrowser {
  browser(): Promise<Browser>;
  close(): Promise<void>;
}

export function createPageBrowser(executablePath: string): PageBrowser {
  let launching: Promise<Browser> | undefined;
  let idle: NodeJS.Timeout | undefined;
  const close = async () => {
    clearTimeout(idle);
    const current = launching;
    launching = undefined;
    await (await current?.catch(() => undefined))?.close();
  };
  return {
    browser() {
      clearTimeout(idle);
      idle = setTimeout(() => void close(), IDLE_CLOSE_MS).unref();
      if (!launching) {
        if (!existsSync(executablePath)) {
          return Promise.reject(
            toolUnavailable(
              `no Chromium at ${executablePath} on this worker`,
              "The operator must install Debian's chromium package (npm start does) or set CHROMIUM_PATH.",
              ['CHROMIUM_PATH'],
            ),
          );
        }
        // Loaded on first use: most workers never take a screenshot, and playwright-core is slow to load.
        launching = import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath, args: FLAGS, headless: true }));
        launching.then(
          (browser) => browser.on('disconnected', () => (launching = undefined)),
          () => (launching = undefined),
        );
      }
      return launching;
    },
    close,
  };
}
