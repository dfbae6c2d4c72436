import Router from '@koa/router';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AppDeps, RequestState } from '../deps';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import { API_VERSION } from '../middleware/versionHeaders';
import { mcpCatalogue } from './mcpCatalogue';
import { type McpCaller, runMcpTool } from './runMcpTool';

/**
 * The MCP endpoint: Streamable HTTP, stateless (every POST carries one JSON-RPC message and gets its answer as
 * JSON), so any replica can serve any request and nothing lives between them. Credentials and the client IP are
 * the HTTP request's, read by the same middleware as every other route.
 */
export function mcpRoutes(deps: AppDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const body = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs: links(deps.config).docs('mcp') });
  router.post('/mcp', body, async (ctx) => {
    const server = mcpServer(deps, { caller: ctx.state.caller, clientIp: ctx.state.clientIp, requestId: ctx.state.requestId });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    // The transport writes the response itself; the headers set so far (version, rate limit, request id) go with it.
    ctx.status = 200;
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  return router;
}

function mcpServer(deps: AppDeps, from: McpCaller): Server {
  const server = new Server(
    { name: 'toolgate', version: API_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        'Paid AI tools. Send an API key (Authorization: Bearer apk_…) to pay from its balance, or pay each call with x402 (_meta["x402/payment"], as a payment-required result asks); without either, calls spend a small daily allowance per client.',
    },
  );
  const catalogue = mcpCatalogue(deps.config);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: catalogue.tools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = catalogue.named(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"; tools/list names them`);
    return runMcpTool(deps, tool, request.params.arguments ?? {}, from, request.params._meta);
  });
  return server;
}
