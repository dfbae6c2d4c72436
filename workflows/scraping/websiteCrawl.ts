import { defineQuery, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { CrawlProgress, CrawlRequest, CrawlStop } from '../../schema/scraping/crawl';
import { presets } from '../timeouts';

const pages = proxyActivities<Activities>(presets.page);

export const crawlProgressQuery = defineQuery<CrawlProgress>('progress');

/**
 * /scrape/website as a workflow of its own, a child of the call's toolCall (which holds and settles the price
 * once, and refunds it if this fails). One activity per page; the frontier, the seen set and the counters live in
 * workflow state, so a crawl resumes where it was after a worker restart. Between two fetched pages a durable timer
 * waits out the politeness delay. The `progress` query shows how far it is (Temporal UI → Queries).
 */
export async function websiteCrawl(request: CrawlRequest): Promise<Record<string, unknown>> {
  let progress: CrawlProgress = { phase: 'planning', pages_crawled: 0, pages_tried: 0, queued: 0, bytes: 0, current_url: null, disallowed: 0, failed: 0 };
  setHandler(crawlProgressQuery, () => progress);

  const plan = await pages.planCrawl({ crawlId: request.crawlId, url: request.url, maxPages: request.maxPages, maxDepth: request.maxDepth });
  const frontier: { url: string; depth: number }[] = [{ url: plan.startUrl, depth: 0 }];
  const seen = new Set([plan.startUrl]);
  // Pages that are refused or fail cost an activity each: bounded too, so a site of broken links cannot run on.
  const maxTries = plan.maxPages * 2 + 10;
  let stored = 0;
  let tried = 0;
  let bytes = 0;
  let disallowed = 0;
  let failed = 0;
  let fetchedLast = false;
  let firstFailure: { type: string; message: string; details?: readonly unknown[] } | undefined;
  let stoppedBy: CrawlStop = 'done';

  while (frontier.length > 0 && tried < maxTries) {
    if (stored >= plan.maxPages) {
      stoppedBy = 'max_pages';
      break;
    }
    if (bytes >= plan.maxBytes) {
      stoppedBy = 'max_bytes';
      break;
    }
    const next = frontier.shift()!;
    if (fetchedLast && plan.delayMs > 0) {
      progress = { ...progress, phase: 'waiting', queued: frontier.length + 1 };
      await sleep(plan.delayMs);
    }
    progress = { ...progress, phase: 'crawling', current_url: next.url, queued: frontier.length };
    const page = await pages.crawlPage({
      crawlId: request.crawlId,
      pageNumber: tried,
      url: next.url,
      depth: next.depth,
      followLinks: next.depth < plan.maxDepth,
      sameOrigin: request.sameOrigin,
      origin: plan.origin,
    });
    tried++;
    fetchedLast = page.status !== 'disallowed';
    if (page.status === 'stored') {
      stored++;
      bytes += page.bytes;
      for (const link of page.links) {
        if (seen.has(link)) continue;
        seen.add(link);
        frontier.push({ url: link, depth: next.depth + 1 });
      }
    } else if (page.status === 'disallowed') {
      disallowed++;
    } else {
      failed++;
      firstFailure ??= { type: page.errorType, message: page.error, ...(page.errorDetails ? { details: page.errorDetails } : {}) };
    }
    progress = { ...progress, pages_crawled: stored, pages_tried: tried, bytes, disallowed, failed, queued: frontier.length };
  }
  if (frontier.length > 0 && stoppedBy === 'done' && stored >= plan.maxPages) stoppedBy = 'max_pages';

  progress = { ...progress, phase: 'assembling', current_url: null };
  const answer = await pages.assembleCrawl({ crawlId: request.crawlId, startUrl: plan.startUrl, disallowed, failed, bytes, stoppedBy, firstFailure });
  progress = { ...progress, phase: 'done' };
  return answer;
}
