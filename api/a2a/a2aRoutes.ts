import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import type pg from 'pg';
import { A2A_PATH } from '../../schema/a2a/protocol';
import type { AppDeps, RequestState } from '../deps';
import { HttpError } from '../errors/httpErrors';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import { createCallStreamHub } from '../callStreams/callStreamHub';
import { activeCustomAgent } from './activeCustomAgent';
import type { A2AEndpoint } from './readAsk';
import { type AgentCardJson, customAgentCard, serviceCard } from './agentCard';
import type { answerJsonRpc } from './jsonRpcEndpoint';

/**
 * The A2A JSON-RPC endpoints: POST /a2a (every skill of /.well-known/agent-card.json) and POST /a2a/agents/{agent_id}
 * (a custom agent's own). Credentials, the client IP and the rate limit are the HTTP request's, read by the same
 * middleware as every route. The A2A SDK loads with the first A2A request, so an API that serves none never holds it.
 */
export function a2aRoutes(deps: AppDeps & { pool: pg.Pool }): Router<RequestState> {
  const router = new Router<RequestState>();
  const docs = links(deps.config).docs();
  const body = jsonRpcBody(jsonBody({ limitBytes: deps.config.maxBodyBytes, docs }));
  // Its own LISTEN connection, held only while a task is followed (a stream, a blocking SendMessage, a CancelTask).
  const hub = createCallStreamHub(deps.pool);
  let loaded: Promise<{ answerJsonRpc: typeof answerJsonRpc }> | undefined;

  const answer = async (ctx: ParameterizedContext<RequestState>, endpoint: A2AEndpoint, card: AgentCardJson) => {
    const rpc = await (loaded ??= import('./jsonRpcEndpoint.js'));
    const aborted = new AbortController();
    // The client gone (a stream it stopped reading): stop following its task. The task itself goes on.
    ctx.res.once('close', () => aborted.abort());
    const { caller, clientIp, requestId } = ctx.state;
    await rpc.answerJsonRpc(ctx, { deps, hub, endpoint, caller, clientIp, requestId, docs, signal: aborted.signal }, card);
  };

  router.post(A2A_PATH, body, (ctx) => answer(ctx, { kind: 'service' }, serviceCard(deps.config)));
  router.post(`${A2A_PATH}/agents/:agent_id`, body, async (ctx) => {
    const agent = await activeCustomAgent(deps, ctx.params.agent_id ?? '', docs);
    await answer(ctx, { kind: 'agent', agentId: agent.agent_id }, customAgentCard(deps.config, agent));
  });
  return router;
}

/**
 * The JSON body, read as for every route, with its refusals in JSON-RPC's shape (as the SDK's client reads them): a
 * body that is not JSON is a parse error (-32700), one too large or of another type an invalid request (-32600).
 */
function jsonRpcBody(read: Middleware<RequestState>): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await read(ctx, async () => undefined);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      ctx.status = error.status;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: error.status === 400 ? -32700 : -32600, message: error.message } };
      return;
    }
    await next();
  };
}
