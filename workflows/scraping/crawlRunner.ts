import { executeChild } from '@temporalio/workflow';
import type { ToolCallRequest } from '../../schema/calls';
import { websiteCrawl } from './websiteCrawl';
import type { OrchestrationRun } from '../orchestration/orchestrationRun';

/** What `_meta.model` says answered a crawl: no model, the readability extractor page by page. */
const CRAWLER = 'crawler/readability';

/**
 * /scrape/website: the crawl runs as its own workflow `crawl-<call id>`, a child of this call, between the
 * reservation and the settlement: held and charged once, refunded if the crawl fails. Its pages stay stored;
 * only their numbers and the assembled answer come back.
 */
export async function runCrawl(request: ToolCallRequest): Promise<OrchestrationRun> {
  const started = Date.now();
  const input = request.input as { url: string; max_pages: number; max_depth: number; same_origin: boolean };
  const output = await executeChild(websiteCrawl, {
    workflowId: `crawl-${request.callId}`,
    args: [{ crawlId: request.callId, url: input.url, maxPages: input.max_pages, maxDepth: input.max_depth, sameOrigin: input.same_origin }],
  });
  return { output, model: CRAWLER, tokens: { input: 0, output: 0 }, durationMs: Date.now() - started };
}
