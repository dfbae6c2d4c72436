import type { ToolResult } from '../../schema/calls';
import type { scrapingTools } from '../../schema/scraping/scrapingTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ToolContext } from '../tools/toolImplementation';
import { pageLimits } from './pageLimits';
import { pageAnswer, readPage } from './readPage';

/** What `_meta.model` says answered: no model, the readability extractor. */
export const READER = 'scraper/readability';

/** /scrape: one page as markdown. */
export async function scrape(input: ToolInput<typeof scrapingTools, 'scrape'>, { deps, progress }: ToolContext): Promise<ToolResult> {
  progress.update({ phase: 'fetching' });
  const page = await readPage(deps.safeFetch, input.url, pageLimits(deps.config, progress.signal));
  return { output: pageAnswer(page, input.include_links), model: READER, tokens: { input: 0, output: 0 } };
}
