import type { Middleware } from 'koa';
import { unstorableReason } from '../../core/validation/storableText';
import type { RequestState } from '../deps';
import { BadRequest } from '../errors/httpErrors';

const HINT = 'Percent-encode the path and query as UTF-8, without NUL (%00) or unpaired surrogates.';

/**
 * Path segments and query values reach lookups and the event log as text: refuse, before routing, any that are not
 * valid percent-encoded UTF-8 or hold what PostgreSQL cannot store, so they are a 400 everywhere instead of a 500.
 */
export function urlText(docs: string): Middleware<RequestState> {
  return async (ctx, next) => {
    let path: string;
    try {
      path = decodeURIComponent(ctx.path);
    } catch {
      throw new BadRequest('the path is not valid percent-encoded UTF-8', HINT, docs);
    }
    const pathReason = unstorableReason(path);
    if (pathReason) throw new BadRequest(`the path ${pathReason}`, HINT, docs);
    for (const [name, value] of Object.entries(ctx.query)) {
      for (const text of [name, ...(Array.isArray(value) ? value : [value ?? ''])]) {
        const reason = unstorableReason(text);
        if (reason) throw new BadRequest(`query parameter "${unstorableReason(name) ? '?' : name}" ${reason}`, HINT, docs);
      }
    }
    await next();
  };
}
