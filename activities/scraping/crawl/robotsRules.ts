import robotsParser from 'robots-parser';

export interface RobotsRules {
  allows(url: string): boolean;
  /** The Crawl-delay for our user agent, in milliseconds, when the file sets one. */
  readonly crawlDelayMs: number | undefined;
}

/**
 * What an origin's robots.txt lets our user agent read (RFC 9309): a file that could be read is followed as written;
 * none at all (4xx) allows everything; a server error or no answer (status 0) means "assume everything is
 * disallowed" until it can be read.
 */
export function robotsRules(origin: string, status: number, body: string, userAgent: string): RobotsRules {
  if (status >= 400 && status < 500) return { allows: () => true, crawlDelayMs: undefined };
  if (status < 200 || status >= 300) return { allows: () => false, crawlDelayMs: undefined };
  const robots = robotsParser(`${origin}/robots.txt`, body);
  const delay = robots.getCrawlDelay(userAgent);
  return {
    allows: (url) => robots.isAllowed(url, userAgent) !== false,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) ? Math.round(delay * 1000) : undefined,
  };
}
