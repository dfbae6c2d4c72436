import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Db } from '../../core/db/createDb';
import { availableBalance } from '../../core/ledger/availableBalance';
import { isWorkflowTool, registry } from '../../schema/registry';
import type { RequestState } from '../deps';

/**
 * A key's paid call reads the account's balance before it starts (api/calls/prepareCall.ts: the price may depend on
 * it, and a call it cannot pay is refused before any workflow). That read does not depend on the rate limit's count,
 * so it starts here, as soon as the caller is known, and runs beside the rate limit's statement instead of after it:
 * one round trip fewer on every paid call's path. Only for a request that will call a tool (a route of a workflow
 * tool, matched as the router will match it). A request the rate limit refuses has read it for nothing: one
 * primary-key lookup beside the limiter's own statement.
 */
export function balanceAhead(db: Db, tools: Router<RequestState>): Middleware<RequestState> {
  const toolRoutes = new Set(registry.filter(isWorkflowTool).map((entry) => `${entry.method} ${String(entry.path)}`));
  // The router matches ~190 routes one by one, and matches this request again after us: a path's answer is kept
  // (a tool's paths are few and fixed; a flood of distinct ones starts the memo over rather than growing it).
  const known = new Map<string, boolean>();
  const callsTool = (method: string, path: string) => {
    const request = `${method} ${path}`;
    let answer = known.get(request);
    if (answer === undefined) {
      answer = tools.match(path, method).pathAndMethod.some((layer) => toolRoutes.has(`${method} ${String(layer.path)}`));
      if (known.size >= 1_000) known.clear();
      known.set(request, answer);
    }
    return answer;
  };
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    if (caller?.kind === 'key' && callsTool(ctx.method, ctx.path)) {
      const read = availableBalance(db, caller.accountId);
      // Awaited by prepareCall; a request refused before it gets there must not leave an unhandled rejection.
      read.catch(() => undefined);
      ctx.state.balanceAhead = { accountId: caller.accountId, read };
    }
    return next();
  };
}
