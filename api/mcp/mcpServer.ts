import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { toolAvailability } from '../availability/toolAvailability';
import type { AppDeps } from '../deps';
import { API_VERSION } from '../middleware/versionHeaders';
import { listedTool } from './mcpAvailability';
import { mcpCatalogue } from './mcpCatalogue';
import { mcpInstructions } from './mcpInstructions';
import { InvalidCursor, mcpPage } from './mcpPages';
import { selectMcpTools } from './mcpToolGroups';
import { type McpCaller, runMcpTool } from './runMcpTool';

/** One MCP request: who sends it, and the groups of tools it asks for (none: every tool). */
export interface McpRequest {
  readonly from: McpCaller;
  readonly groups: readonly string[];
}

/**
 * The list is the same for everyone: clients of the 2026-07-28 revision may keep it (and the discovery answer) a
 * minute, no longer, since which tools it marks as unable to run follows the providers' circuits.
 */
const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;

/**
 * The MCP server that answers one request (the SDK makes one per request, stateless in both protocol eras), for one
 * caller: the tools it asked for, listed a page at a time, each run through the same call path as HTTP.
 */
export function mcpServer(deps: AppDeps, { from, groups }: McpRequest): Server {
  const catalogue = mcpCatalogue(deps);
  const selection = selectMcpTools(catalogue, groups);
  const { tools } = selection;
  const server = new Server(
    { name: 'toolgate', title: 'toolgate', version: API_VERSION },
    {
      capabilities: { tools: {} },
      instructions: mcpInstructions(deps, catalogue, selection),
      cacheHints: { 'tools/list': LIST_CACHE, 'server/discover': LIST_CACHE },
    },
  );
  server.setRequestHandler('tools/list', async (request) => {
    let page;
    try {
      page = mcpPage(tools, request.params?.cursor, deps.config.mcpPageSize);
    } catch (error) {
      if (error instanceof InvalidCursor) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      throw error;
    }
    // Marked, not left out: the pages' cursors stay valid while circuits open and close.
    const { unavailable } = await toolAvailability(deps);
    return { tools: page.items.map((tool) => listedTool(tool, unavailable.get(tool.entry.path))), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tool = catalogue.named(request.params.name);
    // A ProtocolError's message goes on the wire as it is (v1's McpError put "MCP error -32602: " in the message itself,
    // and the client's McpError added it a second time).
    if (!tool || !tools.includes(tool)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownTool(request.params.name, tool !== undefined));
    // The SDK's projection for the era served (its one place for what 2025 and 2026 clients each expect of a result).
    return server.projectCallToolResult(
      await runMcpTool(deps, tool, request.params.arguments ?? {}, from, request.params._meta, ctx.mcpReq.signal),
      tool.outputSchema,
    );
  });
  return server;
}

function unknownTool(name: string, elsewhere: boolean): string {
  return elsewhere ? `tool "${name}" is not among the tools asked for (?tools=); /mcp offers every tool` : `unknown tool "${name}"; tools/list names them`;
}
