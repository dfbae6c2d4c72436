import type { Config } from '../../../schema/config';
import { invalidInput } from '../../../core/calls/callFailures';

/** An actor run as the `actorRun` workflow starts it: which actor, its input, and the operator's limits. */
export interface PreparedActorRun {
  readonly actor: string;
  readonly input: Record<string, unknown>;
  readonly maxItems: number;
  readonly pollSeconds: number;
  readonly timeoutSeconds: number;
}

type Input = Record<string, unknown>;
const handle = (value: unknown) => String(value).replace(/^[@#]/, '');
const handles = (value: unknown) => (Array.isArray(value) ? value.map(handle) : undefined);
const defined = (input: Input): Input => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

/**
 * Each platform scrape is one actor (a setting, APIFY_ACTOR_*) and this mapping from our input to the input that
 * actor documents; /scrape/actor takes the actor and its input as given.
 */
const PLATFORMS: Readonly<Record<string, { actor: (config: Config) => string; input: (input: Input) => Input }>> = {
  'scrape/maps': {
    actor: (c) => c.apifyActorMaps,
    input: (i) => defined({ searchStringsArray: [i.query], locationQuery: i.location, maxCrawledPlacesPerSearch: i.max_results, language: i.language }),
  },
  'scrape/microblog': {
    actor: (c) => c.apifyActorMicroblog,
    input: (i) => defined({ searchTerms: i.query === undefined ? undefined : [i.query], twitterHandles: handles(i.handles), maxItems: i.max_results }),
  },
  'scrape/photo-network': {
    actor: (c) => c.apifyActorPhotoNetwork,
    input: (i) => ({ usernames: handles(i.usernames) }),
  },
  'scrape/professional-network': {
    actor: (c) => c.apifyActorProfessionalNetwork,
    input: (i) => ({ profileUrls: i.profile_urls }),
  },
  'scrape/video-search': {
    actor: (c) => c.apifyActorVideoSearch,
    input: (i) => ({ searchQueries: [i.query], maxResults: i.max_results }),
  },
  'scrape/short-video': {
    actor: (c) => c.apifyActorShortVideo,
    input: (i) => defined({ profiles: handles(i.profiles), hashtags: handles(i.hashtags), resultsPerPage: i.max_results }),
  },
  'scrape/ad-library': {
    actor: (c) => c.apifyActorAdLibrary,
    input: (i) => ({ startUrls: [{ url: i.page_url ?? adLibrarySearch(String(i.query), String(i.country ?? 'ALL')) }], resultsLimit: i.max_results }),
  },
};

export function prepareActorRun(tool: string, input: Input, config: Config): PreparedActorRun {
  const limits = { pollSeconds: Math.max(1, config.apifyPollSeconds), timeoutSeconds: config.apifyRunTimeoutSeconds };
  if (tool === 'scrape/actor') {
    const wanted = Number(input.max_items ?? config.apifyMaxItems);
    return { actor: String(input.actor), input: (input.input as Input | undefined) ?? {}, maxItems: Math.min(wanted, config.apifyMaxItems), ...limits };
  }
  const platform = PLATFORMS[tool];
  if (!platform) throw invalidInput(`${tool} does not run an actor`);
  const wanted = Number(input.max_results ?? config.apifyMaxItems);
  return { actor: platform.actor(config), input: platform.input(input), maxItems: Math.min(wanted, config.apifyMaxItems), ...limits };
}

function adLibrarySearch(query: string, country: string): string {
  const params = new URLSearchParams({ active_status: 'all', ad_type: 'all', country, q: query, search_type: 'keyword_unordered' });
  return `https://www.facebook.com/ads/library/?${params}`;
}
