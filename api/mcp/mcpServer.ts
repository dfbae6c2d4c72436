import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { AppDeps } from '../deps';
import { API_VERSION } from '../middleware/versionHeaders';
import { mcpCatalogue } from './mcpCatalogue';
import { type McpCaller, runMcpTool } from './runMcpTool';

const INSTRUCTIONS =
  'Paid AI tools. Send an API key (Authorization: Bearer apk_…) to pay from its balance, or pay each call with x402 (_meta["x402/payment"], as a payment-required result asks); without either, calls spend a small daily allowance per client.';

/**
 * The MCP server that answers one request (the SDK makes one per request, stateless in both protocol eras), for one
 * caller: the tools of the registry, run through the same call path as HTTP.
 */
export function mcpServer(deps: AppDeps, from: McpCaller): Server {
  const server = new Server({ name: 'toolgate', version: API_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const catalogue = mcpCatalogue(deps);
  server.setRequestHandler('tools/list', () => ({ tools: catalogue.tools.map(({ entry: _entry, ...tool }) => tool) }));
  server.setRequestHandler('tools/call', async (request) => {
    const tool = catalogue.named(request.params.name);
    // A ProtocolError's message goes on the wire as it is (v1's McpError put "MCP error -32602: " in the message itself,
    // and the client's McpError added it a second time).
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool "${request.params.name}"; tools/list names them`);
    // The SDK's projection for the era served (its one place for what 2025 and 2026 clients each expect of a result).
    return server.projectCallToolResult(await runMcpTool(deps, tool, request.params.arguments ?? {}, from, request.params._meta), tool.outputSchema);
  });
  return server;
}
