import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Db } from '../../core/db/createDb';
import { availableBalance } from '../../core/ledger/availableBalance';
import type { RequestState } from '../deps';
import { toolEntryOf } from '../routes/toolEntryOf';

/**
 * A key's paid call reads the account's balance before it starts (api/calls/prepareCall.ts: the price may depend on
 * it, and a call it cannot pay is refused before any workflow). That read does not depend on the rate limit's count,
 * so it starts here, as soon as the caller is known, and runs beside the rate limit's statement instead of after it:
 * one round trip fewer on every paid call's path. Only for a request that will call a tool (a route of a workflow
 * tool, matched as the router will match it). A request the rate limit refuses has read it for nothing: one
 * primary-key lookup beside the limiter's own statement.
 */
export function balanceAhead(db: Db, tools: Router<RequestState>): Middleware<RequestState> {
  const toolOf = toolEntryOf(tools);
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    if (caller?.kind === 'key' && toolOf(ctx.method, ctx.path)) {
      const read = availableBalance(db, caller.accountId);
      // Awaited by prepareCall; a request refused before it gets there must not leave an unhandled rejection.
      read.catch(() => undefined);
      ctx.state.balanceAhead = { accountId: caller.accountId, read };
    }
    return next();
  };
}
