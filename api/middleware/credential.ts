import { KEY_PREFIX } from '../../core/accounts/apiKey';

/** What a request presents as credentials, read from its headers (and ?key= where that is allowed). */
export type Credential =
  | { readonly kind: 'none' }
  | { readonly kind: 'api-key'; readonly key: string }
  /** A bearer token that is not an API key (room for wallet sessions: `Bearer <JWT>`). */
  | { readonly kind: 'bearer-token'; readonly token: string }
  | { readonly kind: 'malformed'; readonly error: string; readonly hint: string };

export interface PresentedCredentials {
  readonly authorization: string;
  readonly apiKeyHeader: string;
  /** ?key=, undefined when absent. */
  readonly queryKey: string | undefined;
  /** The route is one where the spec lets a key travel in the query (GET /api/usage, the webhook test). */
  readonly queryKeyAllowed: boolean;
}

const HOW = `Send "Authorization: Bearer ${KEY_PREFIX}…" or "X-API-Key: ${KEY_PREFIX}…".`;
const malformed = (error: string, hint = HOW): Credential => ({ kind: 'malformed', error, hint });

/**
 * The one decision about what a caller presented. Anything presented but unusable is `malformed` (answered 401 by
 * refuseInvalidKey), never treated as no credentials: that would spend the caller's free tier instead.
 */
export function credentialOf(presented: PresentedCredentials): Credential {
  const { authorization, apiKeyHeader, queryKey, queryKeyAllowed } = presented;
  let fromAuthorization: string | undefined;
  if (authorization !== '') {
    const bearer = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!bearer) return malformed('malformed Authorization header: only "Bearer <token>" is accepted');
    fromAuthorization = bearer[1];
  }
  let fromHeader: string | undefined;
  if (apiKeyHeader !== '') {
    if (!/^\S+$/.test(apiKeyHeader.trim())) return malformed('malformed X-API-Key header: it must hold the key alone');
    fromHeader = apiKeyHeader.trim();
  }
  if (queryKey !== undefined && !queryKeyAllowed) {
    return malformed('?key= is not accepted here', `${HOW} Only GET /api/usage and POST /webhooks/test-event take the key as ?key=.`);
  }
  const given = [fromAuthorization, fromHeader, queryKey].filter((value): value is string => value !== undefined && value !== '');
  if (new Set(given).size > 1) return malformed('two different credentials were sent', 'Send one key, in one place.');
  const token = given[0];
  if (token === undefined) return queryKey === '' ? malformed('?key= is empty') : { kind: 'none' };
  if (token.startsWith(KEY_PREFIX)) return { kind: 'api-key', key: token };
  if (fromAuthorization !== undefined) return { kind: 'bearer-token', token };
  return malformed('invalid API key format', `Keys start with "${KEY_PREFIX}". Get one free with POST /auth/generate-key.`);
}
