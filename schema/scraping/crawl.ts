/** What the /scrape/website crawl workflow and its activities hand each other: addresses and counts, never pages. */

export interface CrawlRequest {
  /** The call's id: names the child workflow (`crawl-<id>`) and its stored pages. */
  readonly crawlId: string;
  readonly url: string;
  readonly maxPages: number;
  readonly maxDepth: number;
  readonly sameOrigin: boolean;
}

export type CrawlPlanRequest = Pick<CrawlRequest, 'crawlId' | 'url' | 'maxPages' | 'maxDepth'>;

export interface CrawlPlan {
  readonly startUrl: string;
  readonly origin: string;
  readonly maxPages: number;
  readonly maxDepth: number;
  readonly maxBytes: number;
  readonly delayMs: number;
}

export interface CrawlPageRequest {
  readonly crawlId: string;
  readonly pageNumber: number;
  readonly url: string;
  readonly depth: number;
  /** Whether the page's links are wanted (its depth is below the crawl's max_depth). */
  readonly followLinks: boolean;
  readonly sameOrigin: boolean;
  readonly origin: string;
}

export type CrawlPageResult =
  | { readonly status: 'stored'; readonly bytes: number; readonly links: readonly string[] }
  | { readonly status: 'disallowed' }
  | { readonly status: 'failed'; readonly error: string; readonly errorType: string; readonly errorDetails?: readonly unknown[] };

export type CrawlStop = 'done' | 'max_pages' | 'max_bytes';

export interface CrawlSummary {
  readonly crawlId: string;
  readonly startUrl: string;
  readonly disallowed: number;
  readonly failed: number;
  readonly bytes: number;
  readonly stoppedBy: CrawlStop;
  /** Why the first page that failed failed (its failure's type, message and details), for the error when no page could be read at all. */
  readonly firstFailure?: { readonly type: string; readonly message: string; readonly details?: readonly unknown[] };
}

/** What the crawl's `progress` query answers (Temporal UI → Queries). */
export interface CrawlProgress {
  readonly phase: 'planning' | 'crawling' | 'waiting' | 'assembling' | 'done';
  readonly pages_crawled: number;
  readonly pages_tried: number;
  readonly queued: number;
  readonly bytes: number;
  readonly current_url: string | null;
  readonly disallowed: number;
  readonly failed: number;
}
