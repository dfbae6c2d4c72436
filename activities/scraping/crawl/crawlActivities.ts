import { ApplicationFailure } from '@temporalio/activity';
import type { Config } from '../../../schema/config';
import type { CrawlPageRequest, CrawlPageResult, CrawlPlan, CrawlPlanRequest, CrawlSummary } from '../../../schema/scraping/crawl';
import type { Db } from '../../../core/db/createDb';
import { checkUrl, type SafeFetch, UnsafeUrl } from '../../../core/net/safeFetch';
import { invalidInput } from '../../../core/calls/callFailures';
import { pageLimits } from '../pageLimits';
import { readPage } from '../readPage';
import { robotsFor } from './robotsFor';

/** Most links one page hands back to the crawl's frontier. */
const MAX_LINKS_PER_PAGE = 100;

export interface CrawlDeps {
  readonly db: Db;
  readonly safeFetch: SafeFetch;
  readonly config: Config;
}

/** The activities of a /scrape/website crawl (workflows/scraping/websiteCrawl.ts): plan it, read one page, assemble the answer. */
export function crawlActivities(deps: CrawlDeps) {
  const { db, safeFetch, config } = deps;
  return {
    /** The operator's caps, and the politeness delay: CRAWL_DELAY_MS, or the start origin's Crawl-delay (up to CRAWL_MAX_DELAY_MS). */
    async planCrawl(request: CrawlPlanRequest): Promise<CrawlPlan> {
      let start: URL;
      try {
        start = new URL(request.url);
      } catch {
        throw invalidInput(`url is not an address: ${request.url}`);
      }
      if (start.protocol !== 'http:' && start.protocol !== 'https:') throw invalidInput('url must be an http(s) address');
      start.hash = '';
      // A refused address is refused as such, before its robots.txt is asked for (and never blamed on it).
      try {
        checkUrl(start.toString(), config.allowLocalHttp);
      } catch (error) {
        if (error instanceof UnsafeUrl) throw invalidInput(`url refused: ${error.message}`, 'Send the address of a public https site.', 'url_refused');
        throw error;
      }
      const robots = await robotsFor(db, safeFetch, request.crawlId, start.origin, pageLimits(config));
      const delayMs = Math.min(Math.max(config.crawlDelayMs, robots.crawlDelayMs ?? 0), Math.max(config.crawlDelayMs, config.crawlMaxDelayMs));
      return {
        startUrl: start.toString(),
        origin: start.origin,
        maxPages: Math.max(1, Math.min(request.maxPages, config.crawlMaxPages)),
        maxDepth: request.maxDepth,
        maxBytes: config.crawlMaxBytes,
        delayMs,
      };
    },

    /**
     * One page: robots.txt first (a disallowed page is never fetched), then the page through the URL guard, stored
     * under its number (a retry writes the same row). A page that cannot be read, or whose origin's robots.txt
     * cannot be, is reported, not thrown: one broken link does not end a crawl.
     */
    async crawlPage(request: CrawlPageRequest): Promise<CrawlPageResult> {
      const url = new URL(request.url);
      const limits = pageLimits(config);
      let page;
      try {
        const robots = await robotsFor(db, safeFetch, request.crawlId, url.origin, limits);
        if (!robots.allows(url.toString())) return { status: 'disallowed' };
        page = await readPage(safeFetch, url.toString(), limits);
      } catch (error) {
        return { status: 'failed', error: error instanceof Error ? error.message : String(error), ...failureOf(error) };
      }
      const row = {
        crawl_id: request.crawlId,
        page_number: request.pageNumber,
        url: url.toString(),
        final_url: page.finalUrl,
        depth: request.depth,
        title: page.title,
        byline: page.byline,
        excerpt: page.excerpt,
        site_name: page.siteName,
        lang: page.lang,
        markdown: page.markdown,
        word_count: page.wordCount,
        links: JSON.stringify(page.links),
        content_type: page.contentType,
        bytes: page.bytes,
      };
      await db
        .insertInto('scraped_pages')
        .values(row)
        .onConflict((oc) => oc.columns(['crawl_id', 'page_number']).doUpdateSet(row))
        .execute();
      const links = request.followLinks
        ? page.pageLinks.filter((link) => !request.sameOrigin || new URL(link).origin === request.origin).slice(0, MAX_LINKS_PER_PAGE)
        : [];
      return { status: 'stored', bytes: page.bytes, links };
    },

    /** The answer, read from the stored pages: their markdown within SCRAPE_ANSWER_MAX_CHARS, every page listed. */
    async assembleCrawl(summary: CrawlSummary): Promise<Record<string, unknown>> {
      const rows = await db
        .selectFrom('scraped_pages')
        .select(['page_number', 'url', 'depth', 'title', 'word_count', 'markdown'])
        .where('crawl_id', '=', summary.crawlId)
        .orderBy('page_number')
        .execute();
      if (rows.length === 0) {
        const { firstFailure } = summary;
        // Only a robots.txt that was read can disallow: one that could not be read failed its page (or the plan).
        if (!firstFailure) throw invalidInput(`no page of ${summary.startUrl} could be read: robots.txt disallows it`);
        throw ApplicationFailure.create({
          type: firstFailure.type,
          message: `no page of ${summary.startUrl} could be read: ${firstFailure.message}`,
          nonRetryable: true,
          details: [...(firstFailure.details ?? [])],
        });
      }
      let budget = config.scrapeAnswerMaxChars;
      const pages = rows.map((row) => {
        const markdown = row.markdown.slice(0, Math.max(0, budget));
        budget -= markdown.length;
        return {
          page_id: `${summary.crawlId}:${row.page_number}`,
          url: row.url,
          depth: row.depth,
          title: row.title,
          word_count: row.word_count,
          markdown,
          truncated: markdown.length < row.markdown.length,
        };
      });
      return {
        crawl_id: summary.crawlId,
        start_url: summary.startUrl,
        pages,
        pages_crawled: pages.length,
        skipped: { robots: summary.disallowed, failed: summary.failed },
        bytes: summary.bytes,
        stopped_by: summary.stoppedBy,
      };
    },
  };
}

/** A page's failure as the crawl keeps it: its type (which decides the call's status if no page is read) and details. */
function failureOf(error: unknown): { errorType: string; errorDetails?: readonly unknown[] } {
  if (!(error instanceof ApplicationFailure) || !error.type) return { errorType: 'InternalError' };
  return { errorType: error.type, ...(error.details?.length ? { errorDetails: error.details } : {}) };
}
