import type { Middleware } from 'koa';
import type { RequestState } from '../deps';
import { type HttpError, Unauthorized } from '../errors/httpErrors';

/**
 * Endpoints about what an identity owns: a key or a wallet session (`identity`), or a wallet session only
 * (`session`, e.g. /agents/me). 401 with how to get one; a caller who sent nothing may instead be offered to sign in
 * with its wallet (`signIn`: a GET's 402 declaring sign-in-with-x).
 */
export function requireIdentity(which: 'identity' | 'session', signIn?: () => HttpError | null): Middleware<RequestState> {
  return async (ctx, next) => {
    const kind = ctx.state.caller?.kind;
    if (kind === 'wallet' || (which === 'identity' && kind === 'key')) return next();
    const offer = kind === 'anonymous' ? signIn?.() : null;
    if (offer) throw offer;
    throw new Unauthorized(
      which === 'session' ? 'missing wallet session' : 'missing credentials',
      which === 'session'
        ? 'Send "Authorization: Bearer <token>" with the token from POST /agents/verify (after POST /agents/challenge).'
        : 'Send your API key (Authorization: Bearer apk_…) or a wallet session token from POST /agents/verify.',
    );
  };
}
