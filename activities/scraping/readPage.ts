import type { SafeFetch } from '../../core/net/safeFetch';
import { fetchPage, HTML_TYPES, type PageLimits } from './fetchPage';
import { pageToMarkdown, type ReadablePage, textToPage } from './pageToMarkdown';

export interface ReadPage extends ReadablePage {
  readonly url: string;
  readonly finalUrl: string;
  readonly contentType: string;
  readonly bytes: number;
}

/** A page fetched through the guard and read as markdown. */
export async function readPage(safeFetch: SafeFetch, url: string, limits: PageLimits, field?: string): Promise<ReadPage> {
  const page = await fetchPage(safeFetch, url, limits, field);
  const readable = HTML_TYPES.has(page.contentType) ? pageToMarkdown(page.body, page.finalUrl) : textToPage(page.body, page.finalUrl);
  return { ...readable, url, finalUrl: page.finalUrl, contentType: page.contentType, bytes: page.bytes };
}

/** The page as /scrape answers it (the schema's field names). */
export function pageAnswer(page: ReadPage, includeLinks: boolean): Record<string, unknown> {
  return {
    url: page.url,
    final_url: page.finalUrl,
    title: page.title,
    byline: page.byline,
    excerpt: page.excerpt,
    site_name: page.siteName,
    lang: page.lang,
    markdown: page.markdown,
    word_count: page.wordCount,
    links: includeLinks ? page.links : [],
    content_type: page.contentType,
    bytes: page.bytes,
  };
}
