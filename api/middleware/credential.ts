import { KEY_PREFIX } from '../../core/accounts/apiKey';

/** What a request presents as credentials, read from its headers (and ?key= where that is allowed). */
export type Credential =
  | { readonly kind: 'none' }
  | { readonly kind: 'api-key'; readonly key: string }
  /** A bearer token that is not an API key (room for wallet sessions: `Bearer <JWT>`). */
  | { readonly kind: 'bearer-token'; readonly token: string }
  | { readonly kind: 'malformed'; readonly error: string; readonly hint: string };

export interface PresentedCredentials {
  /**
   * Every Authorization header, as sent: Node keeps only the first of two in `headers`, a proxy may keep the last, so
   * two that name different callers are refused rather than one of them believed.
   */
  readonly authorization: readonly string[];
  /** Every X-API-Key header, as sent (Node would join two with ", "). */
  readonly apiKeyHeader: readonly string[];
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
  const fromAuthorization: string[] = [];
  for (const value of authorization.filter((v) => v !== '')) {
    const bearer = /^Bearer +(\S+) *$/i.exec(value);
    if (!bearer?.[1]) return malformed('malformed Authorization header: only "Bearer <token>" is accepted');
    fromAuthorization.push(bearer[1]);
  }
  const fromHeader: string[] = [];
  for (const value of apiKeyHeader.map((v) => v.trim()).filter((v) => v !== '')) {
    if (!/^\S+$/.test(value)) return malformed('malformed X-API-Key header: it must hold the key alone');
    fromHeader.push(value);
  }
  if (queryKey !== undefined && !queryKeyAllowed) {
    return malformed('?key= is not accepted here', `${HOW} Only GET /api/usage and POST /webhooks/test-event take the key as ?key=.`);
  }
  // The same key sent twice names one caller, whichever copy a proxy keeps; two different ones name two.
  const given = [...fromAuthorization, ...fromHeader, queryKey].filter((value): value is string => value !== undefined && value !== '');
  if (new Set(given).size > 1) return malformed('two different credentials were sent', 'Send one key, in one place.');
  const token = given[0];
  if (token === undefined) return queryKey === '' ? malformed('?key= is empty') : { kind: 'none' };
  if (token.startsWith(KEY_PREFIX)) return { kind: 'api-key', key: token };
  if (fromAuthorization.length > 0) return { kind: 'bearer-token', token };
  return malformed('invalid API key format', `Keys start with "${KEY_PREFIX}". Get one free with POST /auth/generate-key.`);
}
