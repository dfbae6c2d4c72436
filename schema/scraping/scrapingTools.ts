import { usdToMicros } from '../money';
import { object } from '../registry/fields';
import { bool, int, str } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/**
 * Scraping (spec §4.4): POST, paid, premium (not in the free tier: a key or an x402 payment). Pages are fetched through the outgoing-URL guard;
 * the platform scrapes and /scrape/actor run an Apify actor, polled by a workflow of their own.
 */
const scraping = { method: 'POST', category: 'scraping', premium: true, freeTier: false, model: 'none', online: true } as const;
/** Platform scrapes: one Apify actor run each (the actor is a setting), polled by the `actorRun` workflow. */
const platform = { ...scraping, execution: 'activity', orchestration: 'actor', requires: ['apifyToken'], mcp: true } as const;

const pageUrl = { type: 'string', format: 'uri', maxLength: 2048, description: 'A public http(s) web page.' } as const satisfies JsonSchema;
const includeLinks = { type: 'boolean', default: true, description: 'List the links of the main content (absolute URLs).' } as const satisfies JsonSchema;
const maxResults = (fallback: number) => ({ type: 'integer', minimum: 1, maximum: 200, default: fallback, description: 'Most items to return.' }) as const;

const link: JsonSchema = object({ text: str, url: str }, ['text', 'url']);
/** One page as /scrape answers it. */
const pageFields = {
  url: str,
  final_url: { type: 'string', description: 'Where the page was read after redirects.' },
  title: str,
  byline: { type: ['string', 'null'] },
  excerpt: { type: ['string', 'null'] },
  site_name: { type: ['string', 'null'] },
  lang: { type: ['string', 'null'] },
  markdown: str,
  word_count: int,
  links: { type: 'array', items: link },
  content_type: str,
  bytes: int,
} as const satisfies Record<string, JsonSchema>;
const page: JsonSchema = object(pageFields, ['url', 'title', 'markdown', 'word_count', 'links']);

const actorRun: JsonSchema = object(
  {
    actor: str,
    run_id: str,
    status: { type: 'string', description: 'The run as the platform ended it (SUCCEEDED).' },
    dataset_id: str,
    items: { type: 'array', items: { type: 'object' } },
    item_count: int,
    truncated: { type: 'boolean', description: 'The dataset held more items than the answer carries.' },
    started_at: { type: ['string', 'null'] },
    finished_at: { type: ['string', 'null'] },
  },
  ['actor', 'run_id', 'status', 'items', 'item_count'],
);

export const scrapingTools = [
  {
    ...scraping,
    name: 'scrape',
    title: 'Scrape a page',
    path: '/scrape',
    execution: 'activity',
    summary: 'A web page as readable markdown: main content (tables kept), title, byline, absolute links, word count',
    price: usdToMicros('0.03'),
    input: object({ url: pageUrl, include_links: includeLinks }, ['url']),
    output: page,
    aliases: { link: 'url', page: 'url' },
    example: { url: 'https://en.wikipedia.org/wiki/Web_scraping' },
  },
  {
    ...scraping,
    name: 'scrape/web',
    title: 'Scrape several pages',
    path: '/scrape/web',
    execution: 'activity',
    summary: 'Several web pages (up to 10) as readable markdown, read side by side; a page that fails is reported, not fatal',
    price: usdToMicros('0.03'),
    input: object({ urls: { type: 'array', items: pageUrl, minItems: 1, maxItems: 10, uniqueItems: true }, include_links: includeLinks }, ['urls']),
    output: object(
      {
        pages: { type: 'array', items: { anyOf: [page, object({ url: str, ok: { const: false }, error: str }, ['url', 'ok', 'error'])] } },
        count: int,
        failed: int,
      },
      ['pages', 'count', 'failed'],
    ),
    aliases: { url: 'urls', pages: 'urls' },
    example: { urls: ['https://example.com/', 'https://www.iana.org/help/example-domains'] },
  },
  {
    ...scraping,
    name: 'scrape/website',
    title: 'Crawl a website',
    path: '/scrape/website',
    execution: 'activity',
    orchestration: 'crawl',
    mcp: true,
    summary: 'Crawl a website from a page: robots.txt respected, a politeness delay, page and byte caps; every page as markdown',
    price: usdToMicros('0.03'),
    input: object(
      {
        url: pageUrl,
        max_pages: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Most pages to read (the operator caps it: CRAWL_MAX_PAGES).' },
        max_depth: { type: 'integer', minimum: 0, maximum: 5, default: 2, description: 'Most links followed from the start page.' },
        same_origin: { type: 'boolean', default: true, description: "Follow only links on the start page's origin." },
      },
      ['url'],
    ),
    output: object(
      {
        crawl_id: str,
        start_url: str,
        pages: {
          type: 'array',
          items: object({ page_id: str, url: str, depth: int, title: str, word_count: int, markdown: str, truncated: bool }, [
            'page_id',
            'url',
            'depth',
            'title',
            'word_count',
          ]),
        },
        pages_crawled: int,
        skipped: object({ robots: int, failed: int }),
        bytes: int,
        stopped_by: { enum: ['done', 'max_pages', 'max_bytes'] },
      },
      ['crawl_id', 'start_url', 'pages', 'pages_crawled', 'stopped_by'],
    ),
    aliases: { limit: 'max_pages', depth: 'max_depth' },
    example: { url: 'https://example.com/', max_pages: 5, max_depth: 1 },
  },
  {
    ...platform,
    name: 'scrape/maps',
    title: 'Map listings',
    path: '/scrape/maps',
    summary: 'Map listings for a search: places with address, rating, reviews count, phone, website',
    price: usdToMicros('0.05'),
    input: object(
      {
        query: { type: 'string', minLength: 1, maxLength: 300, description: 'What to search for, e.g. "coffee".' },
        location: { type: 'string', minLength: 1, maxLength: 300, description: 'Where, e.g. "Lisbon, Portugal".' },
        max_results: maxResults(20),
        language: { type: 'string', pattern: '^[a-z]{2}$', default: 'en' },
      },
      ['query'],
    ),
    output: actorRun,
    aliases: { q: 'query', search: 'query', limit: 'max_results' },
    example: { query: 'coffee', location: 'Lisbon, Portugal', max_results: 10 },
  },
  {
    ...platform,
    name: 'scrape/microblog',
    title: 'Microblog posts',
    path: '/scrape/microblog',
    summary: 'Microblog posts for a search or from accounts',
    price: usdToMicros('0.03'),
    input: object(
      {
        query: { type: 'string', minLength: 1, maxLength: 500 },
        handles: { type: 'array', items: { type: 'string', pattern: '^@?\\w{1,50}$' }, minItems: 1, maxItems: 20 },
        max_results: maxResults(50),
      },
      [],
      { anyOf: [{ required: ['query'] }, { required: ['handles'] }] },
    ),
    output: actorRun,
    aliases: { q: 'query', accounts: 'handles', limit: 'max_results' },
    example: { query: 'temporal workflows', max_results: 20 },
  },
  {
    ...platform,
    name: 'scrape/photo-network',
    title: 'Photo-network profiles',
    path: '/scrape/photo-network',
    summary: 'Photo-network profiles: bio, followers, recent posts',
    price: usdToMicros('0.03'),
    input: object({ usernames: { type: 'array', items: { type: 'string', pattern: '^@?[\\w.]{1,60}$' }, minItems: 1, maxItems: 20 } }, ['usernames']),
    output: actorRun,
    aliases: { username: 'usernames', profiles: 'usernames' },
    example: { usernames: ['nasa'] },
  },
  {
    ...platform,
    name: 'scrape/professional-network',
    title: 'Professional profiles',
    path: '/scrape/professional-network',
    summary: 'Professional-network profiles: headline, positions, education, skills',
    price: usdToMicros('0.05'),
    input: object({ profile_urls: { type: 'array', items: pageUrl, minItems: 1, maxItems: 20 } }, ['profile_urls']),
    output: actorRun,
    aliases: { urls: 'profile_urls', profiles: 'profile_urls' },
    example: { profile_urls: ['https://www.linkedin.com/in/williamhgates'] },
  },
  {
    ...platform,
    name: 'scrape/video-search',
    title: 'Video search',
    path: '/scrape/video-search',
    summary: 'Video search results: title, channel, views, duration, URL',
    price: usdToMicros('0.03'),
    input: object({ query: { type: 'string', minLength: 1, maxLength: 300 }, max_results: maxResults(20) }, ['query']),
    output: actorRun,
    aliases: { q: 'query', search: 'query', limit: 'max_results' },
    example: { query: 'durable execution explained', max_results: 10 },
  },
  {
    ...platform,
    name: 'scrape/short-video',
    title: 'Short-video profiles',
    path: '/scrape/short-video',
    summary: 'Short-video profiles or hashtags: recent videos with plays, likes and captions',
    price: usdToMicros('0.03'),
    input: object(
      {
        profiles: { type: 'array', items: { type: 'string', pattern: '^@?[\\w.]{1,60}$' }, minItems: 1, maxItems: 20 },
        hashtags: { type: 'array', items: { type: 'string', pattern: '^#?\\w{1,100}$' }, minItems: 1, maxItems: 20 },
        max_results: maxResults(20),
      },
      [],
      { anyOf: [{ required: ['profiles'] }, { required: ['hashtags'] }] },
    ),
    output: actorRun,
    aliases: { usernames: 'profiles', limit: 'max_results' },
    example: { hashtags: ['cooking'], max_results: 10 },
  },
  {
    ...platform,
    name: 'scrape/ad-library',
    title: 'Ad library',
    path: '/scrape/ad-library',
    summary: "Ads from the social network's public ad library, by search terms or advertiser page",
    price: usdToMicros('0.05'),
    input: object(
      {
        query: { type: 'string', minLength: 1, maxLength: 300 },
        page_url: pageUrl,
        country: { type: 'string', pattern: '^([A-Z]{2}|ALL)$', default: 'ALL' },
        max_results: maxResults(20),
      },
      [],
      { anyOf: [{ required: ['query'] }, { required: ['page_url'] }] },
    ),
    output: actorRun,
    aliases: { q: 'query', advertiser: 'page_url', limit: 'max_results' },
    example: { query: 'running shoes', country: 'US', max_results: 10 },
  },
  {
    ...platform,
    name: 'scrape/actor',
    title: 'Run a scraping actor',
    path: '/scrape/actor',
    summary: 'Run any Apify actor with your input and get its dataset',
    price: usdToMicros('0.03'),
    input: object(
      {
        actor: {
          type: 'string',
          pattern: '^[\\w.-]{1,100}([~/][\\w.-]{1,100})?$',
          description: 'The actor: "username~actor-name" (or "username/actor-name"), or its id.',
        },
        input: { type: 'object', description: "The actor's input, as its page on the platform describes it." },
        max_items: {
          type: 'integer',
          minimum: 1,
          maximum: 1000,
          default: 100,
          description: 'Most dataset items to return (the operator caps it: APIFY_MAX_ITEMS).',
        },
      },
      ['actor'],
    ),
    output: actorRun,
    aliases: { actor_id: 'actor', params: 'input', limit: 'max_items' },
    example: { actor: 'apify~website-content-crawler', input: { startUrls: [{ url: 'https://example.com/' }], maxCrawlPages: 1 } },
  },
] as const satisfies readonly ToolDraft[];

/** Names of the scrapes that run an actor, for the implementation's input mapping. */
export type PlatformScrape = Extract<(typeof scrapingTools)[number], { readonly orchestration: 'actor' }>['name'];
