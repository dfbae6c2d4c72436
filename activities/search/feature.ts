import type { ActivitiesFeature } from '../features';
import type { searchTools as searchEntries } from '../../schema/search/searchTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { runLookup } from '../data/upstream/lookupSource';
import { type SearchQuery, searchProvider } from './searchProvider';

const search = {
  run: (input: Record<string, unknown>, context: Parameters<typeof runLookup>[2]) =>
    runLookup(searchProvider(context.deps.config), input as unknown as SearchQuery, context),
};

/** /search and /web/search (schema/search/searchTools.ts): one web search, two paths. */
const searchTools: FamilyImplementations<typeof searchEntries> = {
  search,
  'web/search': search,
};

export const feature = { tools: searchTools } satisfies ActivitiesFeature;
