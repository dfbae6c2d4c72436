import type { Middleware } from 'koa';
import { hashApiKey, KEY_PREFIX } from '../../core/accounts/apiKey';
import { findKey } from '../../core/accounts/findKey';
import type { Db } from '../../core/db/createDb';
import { InvalidSession, looksLikeJwt, type WalletSession } from '../../core/sessions/sessionToken';
import type { RequestState } from '../deps';
import { Unauthorized } from '../errors/httpErrors';

/** Where the spec lets a key travel: a bearer token, X-API-Key (any case), or ?key= on the pages that show it. */
export function presentedKey(ctx: { get(name: string): string; query: Record<string, unknown> }): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  const header = ctx.get('X-API-Key');
  const query = typeof ctx.query.key === 'string' ? ctx.query.key : undefined;
  return bearer || header || query || undefined;
}

/**
 * Works out who is calling, without refusing anyone yet (so the rate limiter can count a bad key by IP first). A key that is presented but unknown is an error (401) even where no key is needed:
 * silently treating it as anonymous would spend the caller's free tier or ask them to pay on chain.
 */
export function identify(db: Db, sessions?: (token: string) => Promise<WalletSession>): Middleware<RequestState> {
  return async (ctx, next) => {
    const key = presentedKey(ctx);
    if (key === undefined) {
      ctx.state.caller = { kind: 'anonymous' };
      return next();
    }
    // A bearer token that is no key but a JWT is a wallet session from POST /agents/verify.
    if (sessions && !key.startsWith(KEY_PREFIX) && looksLikeJwt(key)) {
      try {
        const session = await sessions(key);
        ctx.state.caller = { kind: 'wallet', ...session };
        ctx.state.payerLabel = `wallet:${session.address}`;
      } catch (error) {
        if (!(error instanceof InvalidSession)) throw error;
        ctx.state.caller = { kind: 'invalid', error: error.message, hint: 'Sign a new challenge: POST /agents/challenge, then POST /agents/verify.' };
      }
      return next();
    }
    if (!key.startsWith(KEY_PREFIX)) {
      ctx.state.caller = {
        kind: 'invalid',
        error: 'invalid API key format',
        hint: `Keys start with "${KEY_PREFIX}". Get one free with POST /auth/generate-key.`,
      };
      return next();
    }
    const row = await findKey(db, key);
    if (!row) {
      ctx.state.caller = { kind: 'invalid', error: 'invalid API key', hint: 'Check the key, or create a new one with POST /auth/generate-key.' };
      return next();
    }
    ctx.state.caller = { kind: 'key', keyId: row.key_id, accountId: row.account_id, masked: row.masked, keyHash: hashApiKey(key) };
    ctx.state.payerLabel = `key:${row.key_id}`;
    return next();
  };
}

/**
 * The refusal identify() deferred: a presented key must be valid. Except where outsiders call with credentials
 * of their own (a relay's receiving URL gets other services' Authorization headers): there they are ignored.
 */
export function refuseInvalidKey(foreignCredentialsAllowed: (path: string) => boolean = () => false): Middleware<RequestState> {
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    if (caller?.kind === 'invalid') {
      if (!foreignCredentialsAllowed(ctx.path)) throw new Unauthorized(caller.error, caller.hint);
      ctx.state.caller = { kind: 'anonymous' };
    }
    return next();
  };
}
