/** The API catalogue's vocabulary: what an entry records and how its quality score is made up. */

/** How an API authenticates, from its OpenAPI security schemes: the simplest it offers. */
export const CATALOG_AUTH_KINDS = ['none', 'apiKey', 'http', 'oauth2', 'openIdConnect'] as const;
export type CatalogAuth = (typeof CATALOG_AUTH_KINDS)[number];

export type CatalogHealth = 'up' | 'down' | 'unknown';

/** One catalogued API as the directory describes it (the event data of a listing). */
export interface CatalogListing {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly categories: readonly string[];
  readonly baseUrl: string | null;
  readonly auth: CatalogAuth;
  readonly docsUrl: string | null;
  readonly specUrl: string | null;
  readonly licence: string | null;
  /** The directory's own timestamp of the entry, so a refresh can tell an unchanged entry. */
  readonly sourceUpdated: string | null;
  readonly source: string;
}

/** Points per rule; the score is their sum (0–100), so an entry's score can be explained from its fields alone. */
export const SCORE_RULES = {
  documentation: 30,
  https: 25,
  auth: { none: 25, apiKey: 20, http: 15, oauth2: 10, openIdConnect: 10 } satisfies Record<CatalogAuth, number>,
  health: { up: 20, unknown: 10, down: 0 } satisfies Record<CatalogHealth, number>,
} as const;

export const SCORING_TEXT =
  'quality_score = documentation 30 (a docs URL or a description of 80+ characters) + HTTPS base URL 25 + auth (none 25, apiKey 20, http 15, oauth2/openIdConnect 10) + health (up 20, not probed 10, down 0).';
