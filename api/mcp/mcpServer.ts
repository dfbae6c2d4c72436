import type { ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AppDeps } from '../deps';
import { API_VERSION } from '../middleware/versionHeaders';
import { mcpCatalogue } from './mcpCatalogue';
import { type McpCaller, runMcpTool } from './runMcpTool';

/**
 * A server and transport made for one MCP request (one JSON-RPC message, answered as JSON), connected: stateless, so
 * any replica serves any request. The caller hands the request to `transport.handleRequest`, which writes the response.
 */
export async function connectMcp(deps: AppDeps, from: McpCaller, res: ServerResponse): Promise<StreamableHTTPServerTransport> {
  const server = mcpServer(deps, from);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => void transport.close().then(() => server.close()));
  await server.connect(transport);
  return transport;
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
