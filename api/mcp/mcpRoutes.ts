import Router from '@koa/router';
import type { AppDeps, RequestState } from '../deps';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import type { connectMcp } from './mcpServer';

/**
 * The MCP endpoint: Streamable HTTP, stateless (every POST carries one JSON-RPC message and gets its answer as
 * JSON), so any replica can serve any request and nothing lives between them. Credentials and the client IP are
 * the HTTP request's, read by the same middleware as every other route. The MCP SDK loads with the first MCP request,
 * so an API that serves none never holds it (5 MiB of the compiled API's 155 MiB at rest).
 */
export function mcpRoutes(deps: AppDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const body = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs: links(deps.config).docs('mcp') });
  let loaded: Promise<{ connectMcp: typeof connectMcp }> | undefined;
  router.post('/mcp', body, async (ctx) => {
    const mcp = await (loaded ??= import('./mcpServer.js'));
    const transport = await mcp.connectMcp(deps, { caller: ctx.state.caller, clientIp: ctx.state.clientIp, requestId: ctx.state.requestId }, ctx.res);
    // The transport writes the response itself; the headers set so far (version, rate limit, request id) go with it.
    ctx.status = 200;
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  return router;
}
