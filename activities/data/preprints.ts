import { XMLParser } from 'fast-xml-parser';
import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamRefused } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamText } from './upstream/upstreamRequest';

interface PreprintQuery {
  readonly query: string;
  readonly n: number;
  readonly sort: 'relevance' | 'submitted' | 'updated';
}

const SORT = { relevance: 'relevance', submitted: 'submittedDate', updated: 'lastUpdatedDate' } as const;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'author', 'link', 'category'].includes(name) });

/** arXiv's query API: an Atom feed, read with a maintained XML parser. arXiv reports a bad query as an entry titled "Error". */
export function arxiv(config: Config): LookupSource<PreprintQuery, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'arxiv', config.arxivBaseUrl);
  return {
    upstream,
    ttlSeconds: config.preprintsCacheSeconds,
    cacheKey: (input) => JSON.stringify([input.query.toLowerCase(), input.n, input.sort]),
    async lookup(input, signal) {
      const xml = await upstreamText(upstream, {
        path: '/query',
        query: { search_query: searchQuery(input.query), start: 0, max_results: input.n, sortBy: SORT[input.sort], sortOrder: 'descending' },
        headers: { accept: 'application/atom+xml' },
        ...(signal ? { signal } : {}),
      });
      let feed: Record<string, unknown> | undefined;
      try {
        feed = (parser.parse(xml) as { feed?: Record<string, unknown> }).feed;
      } catch (error) {
        throw upstreamMalformed('arxiv', `not XML (${(error as Error).message})`);
      }
      if (!feed || typeof feed !== 'object') throw upstreamMalformed('arxiv', 'no Atom feed');
      const entries = (feed.entry ?? []) as Record<string, unknown>[];
      const error = entries.find((e) => text(e.title) === 'Error');
      if (error) throw upstreamRefused('arxiv', 400, text(error.summary) || 'the query was refused');
      const papers = entries.map(paper);
      const total = Number(text(feed['opensearch:totalResults']));
      return { query: input.query, ...(Number.isFinite(total) ? { total } : {}), papers };
    },
  };
}

/** Plain words search every field; a query already in arXiv's syntax (ti:, au:, AND …) is passed as it is. */
function searchQuery(query: string): string {
  if (/\b(ti|au|abs|cat|all|co|jr|rn|id):/.test(query)) return query;
  return query
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `all:${word.replace(/[^\p{L}\p{N}.-]/gu, '')}`)
    .filter((term) => term !== 'all:')
    .join(' AND ');
}

function paper(entry: Record<string, unknown>): Record<string, unknown> {
  const id = text(entry.id);
  const title = text(entry.title);
  if (!id || !title) throw upstreamMalformed('arxiv', 'an entry without id or title');
  const links = (entry.link ?? []) as Record<string, unknown>[];
  const pdf = links.find((l) => l['@title'] === 'pdf' || l['@type'] === 'application/pdf');
  const primary = entry['arxiv:primary_category'] as Record<string, unknown> | undefined;
  return {
    id: id.replace(/^https?:\/\/arxiv\.org\/abs\//, ''),
    title: squash(title),
    summary: squash(text(entry.summary)),
    authors: ((entry.author ?? []) as Record<string, unknown>[]).map((a) => text(a.name)).filter(Boolean),
    ...(text(entry.published) ? { published: text(entry.published) } : {}),
    ...(text(entry.updated) ? { updated: text(entry.updated) } : {}),
    url: id,
    ...(pdf ? { pdf_url: String(pdf['@href']) } : {}),
    ...(primary?.['@term'] ? { primary_category: String(primary['@term']) } : {}),
  };
}

function text(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']).trim();
  return '';
}

function squash(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
