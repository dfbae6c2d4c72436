import type { Middleware } from 'koa';
import { keyRefusal } from '../../core/accounts/findKey';
import type { KeyLookup } from '../../core/accounts/keyCache';
import type { Clock } from '../../core/clock/clock';
import { InvalidSession, looksLikeJwt, type WalletSession } from '../../core/sessions/sessionToken';
import { SIGN_IN_WITH_X } from '../../core/sessions/signInWithX';
import { registry } from '../../schema/registry';
import type { RequestState } from '../deps';
import { Unauthorized } from '../errors/httpErrors';
import { type Credential, credentialOf } from './credential';

// The routes whose entries let the key travel as ?key= (the spec shows it for /api/usage and the webhook test).
const queryKeyPaths = new Set(registry.filter((entry) => entry.keyInQuery).map((entry) => entry.path));

/**
 * What the request presents: a bearer token, X-API-Key (any case), or ?key= on the routes that allow it. Headers are
 * read with every repeat (headersDistinct), since `headers` keeps only the first Authorization.
 */
export function presentedCredential(ctx: {
  req: { headersDistinct: Partial<Record<string, string[]>> };
  query: Record<string, unknown>;
  path: string;
}): Credential {
  const query = ctx.query.key;
  const headers = ctx.req.headersDistinct;
  return credentialOf({
    authorization: headers.authorization ?? [],
    apiKeyHeader: headers['x-api-key'] ?? [],
    queryKey: Array.isArray(query) ? String(query[0] ?? '') : typeof query === 'string' ? query : undefined,
    queryKeyAllowed: queryKeyPaths.has(ctx.path),
  });
}

/**
 * Works out who is calling, without refusing anyone yet (so the rate limiter can count a bad key by IP first). A
 * credential that is presented but malformed or unknown is an error (401) even where no key is needed: silently
 * treating it as anonymous would spend the caller's free tier or ask them to pay on chain.
 */
export function identify(
  findKey: KeyLookup,
  clock: Clock,
  sessions?: (token: string) => Promise<WalletSession>,
  signIn?: (proof: string, request: { ip: string; requestId: string }) => Promise<WalletSession>,
): Middleware<RequestState> {
  return async (ctx, next) => {
    const credential = presentedCredential(ctx);
    switch (credential.kind) {
      case 'none': {
        // A sign-in-with-x proof (the wallet signed what a 402 declared) is a wallet session for this one request.
        const proof = ctx.get(SIGN_IN_WITH_X);
        if (!signIn || !proof) {
          ctx.state.caller = { kind: 'anonymous' };
          return next();
        }
        await asWallet(
          ctx.state,
          () => signIn(proof, { ip: ctx.state.clientIp, requestId: ctx.state.requestId }),
          `Sign the sign-in-with-x message a 402 of this endpoint declares now, and send it once as the ${SIGN_IN_WITH_X.toUpperCase()} header.`,
        );
        return next();
      }
      case 'malformed':
        ctx.state.caller = { kind: 'invalid', error: credential.error, hint: credential.hint, code: 'invalid_api_key' };
        return next();
      case 'bearer-token':
        // A bearer token that is no key but a JWT is a wallet session from POST /agents/verify.
        if (sessions && looksLikeJwt(credential.token)) {
          await asWallet(ctx.state, () => sessions(credential.token), 'Sign a new challenge: POST /agents/challenge, then POST /agents/verify.');
          return next();
        }
        ctx.state.caller = {
          kind: 'invalid',
          error: 'invalid API key format',
          hint: 'Keys start with "apk_". Get one free with POST /auth/generate-key.',
          code: 'invalid_api_key',
        };
        return next();
      case 'api-key':
        break;
    }
    const record = await findKey(credential.key);
    if (!record) {
      ctx.state.caller = {
        kind: 'invalid',
        error: 'invalid API key',
        hint: 'Check the key, or create a new one with POST /auth/generate-key.',
        code: 'invalid_api_key',
      };
      return next();
    }
    // Revoked, expired, or a rotated-out secret past its grace: judged now, from what the lookup holds.
    const refused = keyRefusal(record, clock.now());
    if (refused) {
      ctx.state.caller = { kind: 'invalid', ...refused };
      return next();
    }
    const { keyId, accountId, masked, keyHash, limits, manageKeys } = record;
    ctx.state.caller = { kind: 'key', keyId, accountId, masked, keyHash, grants: { rpm: limits.rpm, allowedTools: limits.allowedTools, manageKeys } };
    ctx.state.payerLabel = `key:${keyId}`;
    return next();
  };
}

/**
 * The refusal identify() deferred: presented credentials must be valid. Except where outsiders call with credentials
 * of their own (a relay's receiving URL gets other services' Authorization headers): there they are ignored.
 */
export function refuseInvalidKey(foreignCredentialsAllowed: (path: string) => boolean = () => false): Middleware<RequestState> {
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    if (caller?.kind === 'invalid') {
      if (!foreignCredentialsAllowed(ctx.path)) throw new Unauthorized(caller.error, caller.hint).withCode(caller.code);
      ctx.state.caller = { kind: 'anonymous' };
    }
    return next();
  };
}

/** The caller is the wallet a session proof names (a SIWE token, a sign-in-with-x proof); a proof that does not hold is a 401 saying how to get one. */
async function asWallet(state: RequestState, verify: () => Promise<WalletSession>, hint: string): Promise<void> {
  try {
    const session = await verify();
    state.caller = { kind: 'wallet', ...session };
    state.payerLabel = `wallet:${session.address}`;
  } catch (error) {
    if (!(error instanceof InvalidSession)) throw error;
    state.caller = { kind: 'invalid', error: error.message, hint, code: 'invalid_session' };
  }
}
