import type { Db } from '../../../core/db/createDb';
import { invalidInput, upstreamUnreachable } from '../../../core/calls/callFailures';
import { networkFailureOf } from '../../../core/net/networkFailure';
import { readLimited, type SafeFetch, UnsafeUrl } from '../../../core/net/safeFetch';
import { hostOf } from '../../tools/callerUrlFailure';
import { upstreamUnavailable } from '../../data/upstream/upstreamFailures';
import type { PageLimits } from '../fetchPage';
import { type RobotsRules, robotsRules } from './robotsRules';

/** robots.txt files are small; a larger one is read up to here (Google reads 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

/** RFC 9309 §2.3.1.3–4, said once for every answer about a robots.txt that could not be read. */
const UNREADABLE =
  'RFC 9309: while robots.txt cannot be read (a server error or no answer), a crawler must assume the whole site is disallowed, so nothing was crawled. Try again later; nothing was charged.';

/**
 * The robots rules of an origin for one crawl: read once through the URL guard and kept with the crawl, so every
 * page (and a page retried on another worker) is judged by the same file. Only a definite answer is kept: a file
 * (2xx), or none at all (4xx: everything allowed). A robots.txt that cannot be read is not the site's wish but an
 * outage, and is said as one: a server error is a 503, no answer the network's 502/504 (RFC 9309 has the crawler
 * assume everything disallowed meanwhile), an address the guard refuses the caller's 400.
 */
export async function robotsFor(db: Db, safeFetch: SafeFetch, crawlId: string, origin: string, limits: PageLimits): Promise<RobotsRules> {
  let stored = await db.selectFrom('crawl_robots').select(['status', 'body']).where('crawl_id', '=', crawlId).where('origin', '=', origin).executeTakeFirst();
  if (!stored) {
    const fetched = await fetchRobots(safeFetch, origin, limits);
    await db
      .insertInto('crawl_robots')
      .values({ crawl_id: crawlId, origin, ...fetched })
      .onConflict((oc) => oc.columns(['crawl_id', 'origin']).doNothing())
      .execute();
    stored = await db
      .selectFrom('crawl_robots')
      .select(['status', 'body'])
      .where('crawl_id', '=', crawlId)
      .where('origin', '=', origin)
      .executeTakeFirstOrThrow();
  }
  return robotsRules(origin, stored.status, stored.body, limits.userAgent.split('/')[0]!);
}

async function fetchRobots(safeFetch: SafeFetch, origin: string, limits: PageLimits): Promise<{ status: number; body: string }> {
  const url = `${origin}/robots.txt`;
  try {
    const response = await safeFetch(url, {
      headers: { 'user-agent': limits.userAgent, accept: 'text/plain' },
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    if (response.status >= 500) {
      await response.body?.cancel();
      throw upstreamUnavailable(`robots.txt of ${origin}`, `answered HTTP ${response.status}. ${UNREADABLE}`, response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { status: response.status, body: '' };
    }
    return { status: response.status, body: (await readLimited(response, ROBOTS_MAX_BYTES)).toString('utf8') };
  } catch (error) {
    if (error instanceof UnsafeUrl)
      throw invalidInput(`robots.txt of ${origin} refused: ${error.message}`, 'Send the address of a public https site.', 'url_refused');
    const network = networkFailureOf(error);
    if (network) throw upstreamUnreachable(hostOf(url), network, { subject: `robots.txt of ${origin}`, hint: UNREADABLE });
    throw error;
  }
}
