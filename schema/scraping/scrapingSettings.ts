import type { Setting } from '../settings/setting';

/** Settings of pages: reading, scraping, crawling, platform scrapes (Apify) (schema/config.ts gathers the groups). */
export const scrapingSettings = {
  pageMaxBytes: { env: 'PAGE_MAX_BYTES', kind: 'int', default: '2097152', doc: 'Largest web page a tool reads from a `url` (/extract), HTML or text.' },
  scrapeTimeoutSeconds: {
    env: 'SCRAPE_TIMEOUT_SECONDS',
    kind: 'int',
    default: '20',
    doc: 'Longest wait for one page /scrape, /scrape/web or a crawl fetches (redirects included); pages are read within PAGE_MAX_BYTES.',
  },
  scrapeUserAgent: {
    env: 'SCRAPE_USER_AGENT',
    kind: 'string',
    default: 'toolgate-bot/1.0',
    doc: 'User-Agent of scrapes and crawls; its first word is the name robots.txt rules are matched against.',
  },
  crawlDelayMs: {
    env: 'CRAWL_DELAY_MS',
    kind: 'int',
    default: '1000',
    doc: 'Politeness delay between two pages of a /scrape/website crawl (a durable timer); a longer robots.txt Crawl-delay wins, up to CRAWL_MAX_DELAY_MS.',
  },
  crawlMaxDelayMs: { env: 'CRAWL_MAX_DELAY_MS', kind: 'int', default: '10000', doc: 'Most a robots.txt Crawl-delay may stretch the wait between two pages.' },
  crawlMaxPages: { env: 'CRAWL_MAX_PAGES', kind: 'int', default: '50', doc: 'Most pages one /scrape/website crawl fetches, whatever max_pages asks.' },
  crawlMaxBytes: { env: 'CRAWL_MAX_BYTES', kind: 'int', default: '20971520', doc: 'Most bytes of pages one crawl fetches in all; it stops there.' },
  scrapeAnswerMaxChars: {
    env: 'SCRAPE_ANSWER_MAX_CHARS',
    kind: 'int',
    default: '200000',
    doc: "Most characters one scrape answer carries: a crawl's markdown (all pages together; every page stays stored) or an actor run's items as JSON (the rest stays in the platform's dataset); `truncated` says when it was cut.",
  },
  apifyToken: {
    env: 'APIFY_TOKEN',
    kind: 'string',
    default: '',
    doc: 'Apify API token for the platform scrapes (/scrape/maps … /scrape/ad-library) and /scrape/actor; without it they answer 503.',
  },
  apifyBaseUrl: { env: 'APIFY_BASE_URL', kind: 'url', default: 'https://api.apify.com', doc: 'Apify API address (its /v2 REST API).' },
  apifyPollSeconds: {
    env: 'APIFY_POLL_SECONDS',
    kind: 'int',
    default: '5',
    doc: "How often a platform scrape's workflow asks Apify whether its run is done (a durable timer).",
  },
  apifyRunTimeoutSeconds: {
    env: 'APIFY_RUN_TIMEOUT_SECONDS',
    kind: 'int',
    default: '300',
    doc: 'Longest an actor run may take; past it the run is aborted, the call fails and nothing is charged.',
  },
  apifyMaxItems: { env: 'APIFY_MAX_ITEMS', kind: 'int', default: '200', doc: "Most dataset items an actor run's answer carries." },
  apifyActorMaps: { env: 'APIFY_ACTOR_MAPS', kind: 'string', default: 'compass~crawler-google-places', doc: 'Apify actor behind /scrape/maps.' },
  apifyActorMicroblog: { env: 'APIFY_ACTOR_MICROBLOG', kind: 'string', default: 'apidojo~tweet-scraper', doc: 'Apify actor behind /scrape/microblog.' },
  apifyActorPhotoNetwork: {
    env: 'APIFY_ACTOR_PHOTO_NETWORK',
    kind: 'string',
    default: 'apify~instagram-profile-scraper',
    doc: 'Apify actor behind /scrape/photo-network.',
  },
  apifyActorProfessionalNetwork: {
    env: 'APIFY_ACTOR_PROFESSIONAL_NETWORK',
    kind: 'string',
    default: 'dev_fusion~linkedin-profile-scraper',
    doc: 'Apify actor behind /scrape/professional-network.',
  },
  apifyActorVideoSearch: {
    env: 'APIFY_ACTOR_VIDEO_SEARCH',
    kind: 'string',
    default: 'streamers~youtube-scraper',
    doc: 'Apify actor behind /scrape/video-search.',
  },
  apifyActorShortVideo: {
    env: 'APIFY_ACTOR_SHORT_VIDEO',
    kind: 'string',
    default: 'clockworks~tiktok-scraper',
    doc: 'Apify actor behind /scrape/short-video.',
  },
  apifyActorAdLibrary: { env: 'APIFY_ACTOR_AD_LIBRARY', kind: 'string', default: 'apify~facebook-ads-scraper', doc: 'Apify actor behind /scrape/ad-library.' },
} as const satisfies Record<string, Setting>;
