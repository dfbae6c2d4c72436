import type { ToolImplementations } from '../tools/toolImplementation';
import { runLookup } from '../data/upstream/lookupSource';
import { type SearchQuery, searchProvider } from './searchProvider';

const search = {
  run: (input: Record<string, unknown>, context: Parameters<typeof runLookup>[2]) =>
    runLookup(searchProvider(context.deps.config), input as unknown as SearchQuery, context),
};

/** /search and /web/search (schema/search/searchTools.ts): one web search, two paths. */
export const searchTools: ToolImplementations = {
  search,
  'web/search': search,
};
