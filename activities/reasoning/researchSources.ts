import type { ToolEntry } from '../../schema/registry';
import { fetchPageText } from '../tools/fetchPageText';
import { runLookup } from '../data/upstream/lookupSource';
import { defaultModelTask } from '../tools/model/modelTasks';
import type { ModelTask } from '../tools/model/modelTask';
import { type SearchResults, searchConfigured, searchProvider } from '../search/searchProvider';
import type { ToolContext, ToolImplementation } from '../tools/toolImplementation';

/** How much of each page the model reads: enough for the substance, little enough for several pages in one request. */
const PAGE_CHARS = 6000;

interface Source {
  readonly title: string;
  readonly url: string;
  readonly text: string;
}

/**
 * /research (and its stream) with a search provider configured and no sources of the caller's: search the topic,
 * read the top pages through the outgoing-URL guard (a page that cannot be read gives its snippet instead), and hand
 * them to the model as numbered sources to cite. Without a provider, or with the caller's own sources, it writes as
 * before. A failing search fails the call (refunded) rather than silently researching without it.
 */
export async function researchTask(
  entry: ToolEntry,
  input: Record<string, unknown>,
  context: ToolContext,
  implementation: ToolImplementation,
): Promise<ModelTask> {
  const { config, safeFetch } = context.deps;
  const given = Array.isArray(input.sources) && input.sources.length > 0;
  if (given || !searchConfigured(config)) return defaultModelTask(entry, input, implementation);
  context.progress.update({ phase: 'fetching' });
  const pages = Math.max(1, config.researchPages);
  const found = (await runLookup(searchProvider(config), { query: String(input.topic), n: Math.min(20, pages * 2) }, context))
    .output as unknown as SearchResults;
  context.progress.update({ phase: 'fetching' });
  const read = await Promise.all(
    found.results.map(async (hit): Promise<Source | undefined> => {
      try {
        const text = await fetchPageText(safeFetch, hit.url, config.pageMaxBytes, context.progress.signal);
        return { title: hit.title, url: hit.url, text: text.slice(0, PAGE_CHARS) };
      } catch {
        return hit.snippet ? { title: hit.title, url: hit.url, text: hit.snippet } : undefined;
      }
    }),
  );
  const sources = read.filter((s): s is Source => s !== undefined).slice(0, pages);
  return defaultModelTask(entry, { ...input, ...(sources.length ? { sources } : {}) }, implementation);
}

/** Citations that name a source by position get that source's title and address, whatever the model wrote. */
export function citeSources(answer: Record<string, unknown>, input: Record<string, unknown>): Record<string, unknown> {
  const sources = Array.isArray(input.sources) ? (input.sources as unknown[]) : [];
  if (!sources.length || !Array.isArray(answer.citations)) return answer;
  const citations = (answer.citations as Record<string, unknown>[]).map((citation) => {
    const source = typeof citation.source === 'number' ? sources[citation.source - 1] : undefined;
    if (!source || typeof source !== 'object') return citation;
    const { title, url } = source as { title?: string; url?: string };
    return { ...citation, ...(title ? { title } : {}), ...(url ? { url } : {}) };
  });
  return { ...answer, citations };
}

/** /research (and /stream/research, activities/streams/) reads the web first when a search provider is configured. */
export const research: ToolImplementation = {
  modelTask: (entry, input, context) => researchTask(entry, input, context, research),
  finishAnswer: citeSources,
};
