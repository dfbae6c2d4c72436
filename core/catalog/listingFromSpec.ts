import type { CatalogAuth, CatalogListing } from '../../schema/catalog/catalogListing';

/** Longest description kept: enough to search and choose by; the API's docs hold the rest. */
export const DESCRIPTION_MAX = 400;

type Spec = Record<string, unknown>;
type Obj = Record<string, unknown>;

/** From simplest to most involved: an entry's `auth` is the simplest scheme the API offers. */
const AUTH_ORDER: readonly CatalogAuth[] = ['apiKey', 'http', 'oauth2', 'openIdConnect'];

export interface DirectoryFacts {
  readonly specUrl: string | null;
  readonly sourceUpdated: string | null;
  readonly source: string;
}

/**
 * A catalogue listing from an API's OpenAPI 3 or Swagger 2 document as the APIs.guru directory serves it: title,
 * description (plain text, shortened), the directory's categories, the base URL (https preferred, server
 * variables filled with their defaults), the simplest auth it offers, its docs URL and its licence.
 */
export function listingFromSpec(id: string, spec: Spec, facts: DirectoryFacts): CatalogListing {
  const info = (spec.info ?? {}) as Obj;
  const externalDocs = (spec.externalDocs ?? info['x-externalDocs']) as Obj | undefined;
  return {
    id,
    title: text(info.title) || id,
    description: plainText(text(info.description)),
    categories: Array.isArray(info['x-apisguru-categories']) ? [...new Set((info['x-apisguru-categories'] as unknown[]).map(String))] : [],
    baseUrl: baseUrlOf(spec),
    auth: authOf(spec),
    docsUrl: httpUrl(externalDocs?.url),
    specUrl: facts.specUrl,
    licence: text((info.license as Obj | undefined)?.name) || null,
    sourceUpdated: facts.sourceUpdated,
    source: facts.source,
  };
}

/** Markdown or HTML prose as one line of plain text, at most DESCRIPTION_MAX characters. */
export function plainText(value: string): string {
  const flat = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

function baseUrlOf(spec: Spec): string | null {
  if (Array.isArray(spec.servers)) {
    const servers = (spec.servers as Obj[]).map((server) => fillVariables(text(server.url), server.variables as Obj | undefined)).filter(isAbsolute);
    return (servers.find((url) => url.startsWith('https://')) ?? servers[0] ?? null)?.replace(/\/+$/, '') ?? null;
  }
  const host = text(spec.host);
  if (!host) return null;
  const schemes = Array.isArray(spec.schemes) ? (spec.schemes as unknown[]).map(String) : ['https'];
  const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
  return `${scheme}://${host}${text(spec.basePath)}`.replace(/\/+$/, '');
}

function fillVariables(url: string, variables: Obj | undefined): string {
  return url.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const fallback = (variables?.[name] as Obj | undefined)?.default;
    return fallback === undefined ? whole : String(fallback);
  });
}

function authOf(spec: Spec): CatalogAuth {
  const schemes = ((spec.components as Obj | undefined)?.securitySchemes ?? spec.securityDefinitions ?? {}) as Record<string, Obj>;
  const kinds = new Set(Object.values(schemes).map((scheme) => (scheme.type === 'basic' ? 'http' : String(scheme.type))));
  return AUTH_ORDER.find((kind) => kinds.has(kind)) ?? 'none';
}

function isAbsolute(url: string): boolean {
  return /^https?:\/\/[^/{}]+/.test(url) && !/[{}]/.test(url);
}

function httpUrl(value: unknown): string | null {
  const url = text(value);
  return /^https?:\/\//.test(url) ? url : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
