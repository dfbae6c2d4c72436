import { type CatalogHealth, type CatalogListing, SCORE_RULES } from '../../schema/catalog/catalogListing';

/** The quality score of a listing with its last health probe. */
export function qualityScore(listing: Pick<CatalogListing, 'docsUrl' | 'description' | 'baseUrl' | 'auth'>, health: CatalogHealth): number {
  const documented = Boolean(listing.docsUrl) || listing.description.trim().length >= 80;
  const https = listing.baseUrl?.startsWith('https://') ?? false;
  return (documented ? SCORE_RULES.documentation : 0) + (https ? SCORE_RULES.https : 0) + SCORE_RULES.auth[listing.auth] + SCORE_RULES.health[health];
}
