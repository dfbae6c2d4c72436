import type { Middleware } from 'koa';
import type { RequestState } from '../deps';
import { Unauthorized } from '../errors/httpErrors';

/**
 * Endpoints about what an identity owns: a key or a wallet session (`identity`), or a wallet session only
 * (`session`, e.g. /agents/me). 401 with how to get one.
 */
export function requireIdentity(which: 'identity' | 'session'): Middleware<RequestState> {
  return async (ctx, next) => {
    const kind = ctx.state.caller?.kind;
    if (kind === 'wallet' || (which === 'identity' && kind === 'key')) return next();
    throw new Unauthorized(
      which === 'session' ? 'missing wallet session' : 'missing credentials',
      which === 'session'
        ? 'Send "Authorization: Bearer <token>" with the token from POST /agents/verify (after POST /agents/challenge).'
        : 'Send your API key (Authorization: Bearer apk_…) or a wallet session token from POST /agents/verify.',
    );
  };
}
