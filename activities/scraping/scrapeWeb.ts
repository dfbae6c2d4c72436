import { ApplicationFailure } from '@temporalio/activity';
import type { ToolResult } from '../../schema/calls';
import type { scrapingTools } from '../../schema/scraping/scrapingTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ToolContext } from '../tools/toolImplementation';
import { pageLimits } from './pageLimits';
import { pageAnswer, readPage } from './readPage';
import { READER } from './scrape';

/** Pages read at once: enough to overlap slow servers without a burst against any one. */
const AT_ONCE = 3;

/**
 * /scrape/web: several pages side by side. A page that fails is reported in place (its error, as /scrape would
 * answer it); only when every page fails does the call fail, and so charge nothing.
 */
export async function scrapeWeb(input: ToolInput<typeof scrapingTools, 'scrape/web'>, { deps, progress }: ToolContext): Promise<ToolResult> {
  progress.update({ phase: 'fetching' });
  const limits = pageLimits(deps.config, progress.signal);
  const results: (Record<string, unknown> | { failure: unknown; url: string })[] = new Array(input.urls.length);
  let next = 0;
  const worker = async () => {
    while (next < input.urls.length) {
      const index = next++;
      const url = input.urls[index]!;
      try {
        results[index] = pageAnswer(await readPage(deps.safeFetch, url, limits, `urls[${index}]`), input.include_links);
      } catch (failure) {
        if (progress.signal?.aborted) throw failure;
        results[index] = { failure, url };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, input.urls.length) }, worker));

  const failures = results.filter((r): r is { failure: unknown; url: string } => 'failure' in r);
  if (failures.length === results.length) throw failures[0]!.failure;
  const pages = results.map((r) => ('failure' in r ? { url: r.url, ok: false, error: messageOf(r.failure) } : r));
  return { output: { pages, count: pages.length, failed: failures.length }, model: READER, tokens: { input: 0, output: 0 } };
}

function messageOf(failure: unknown): string {
  return failure instanceof ApplicationFailure || failure instanceof Error ? failure.message : String(failure);
}
