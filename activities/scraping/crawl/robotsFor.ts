import type { Db } from '../../../core/db/createDb';
import { readLimited, type SafeFetch } from '../../../core/net/safeFetch';
import type { PageLimits } from '../fetchPage';
import { type RobotsRules, robotsRules } from './robotsRules';

/** robots.txt files are small; a larger one is read up to here (Google reads 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

/**
 * The robots rules of an origin for one crawl: read once through the URL guard and kept with the crawl, so every
 * page (and a page retried on another worker) is judged by the same file.
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
  try {
    const response = await safeFetch(`${origin}/robots.txt`, {
      headers: { 'user-agent': limits.userAgent, accept: 'text/plain' },
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { status: response.status, body: '' };
    }
    return { status: response.status, body: (await readLimited(response, ROBOTS_MAX_BYTES)).toString('utf8') };
  } catch {
    // Unreachable (or refused by the guard): status 0, read as "disallow everything".
    return { status: 0, body: '' };
  }
}
