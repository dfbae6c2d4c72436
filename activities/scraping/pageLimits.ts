import type { Config } from '../../schema/config';
import type { PageLimits } from './fetchPage';

/** The operator's limits on one page read: PAGE_MAX_BYTES, SCRAPE_TIMEOUT_SECONDS, SCRAPE_USER_AGENT. */
export function pageLimits(config: Config, signal?: AbortSignal): PageLimits {
  return { maxBytes: config.pageMaxBytes, timeoutMs: config.scrapeTimeoutSeconds * 1000, userAgent: config.scrapeUserAgent, ...(signal ? { signal } : {}) };
}
