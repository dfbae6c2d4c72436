import { createMcpHandler, isLegacyRequest, type Server, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { AppDeps } from '../deps';
import { type McpRequest, mcpServer } from './mcpServer';

/** The status of an answer whose client left before it was ready (nginx's; the SDK's modern leg answers so too): never sent. */
const CLIENT_CLOSED_REQUEST = 499;

/** Answers one MCP message (a web Request, its JSON body already parsed) for one caller, about the tools it asked for. */
export type McpEndpoint = (request: Request, body: unknown, mcp: McpRequest) => Promise<Response>;

/**
 * Both protocol eras the SDK serves, stateless: a 2026-07-28 request (it carries its protocol version and client in
 * `_meta`; `server/discover` instead of `initialize`) goes to the SDK's handler; a 2025-era request (initialize, then
 * plain messages) to a fresh server on a stateless transport that answers JSON, as this endpoint always has (the
 * SDK's own legacy leg answers with an event stream). Either way one server is made per request, for its caller.
 */
export function createMcpEndpoint(deps: AppDeps): McpEndpoint {
  // The SDK hands the factory the Request it was given: the caller and the tools asked for travel with it.
  const requests = new WeakMap<Request, McpRequest>();
  const serverFor = (request: Request | undefined): Server => {
    const mcp = request && requests.get(request);
    if (!mcp) throw new Error('an MCP request reached the server factory without its caller');
    return mcpServer(deps, mcp);
  };
  const modern = createMcpHandler(({ requestInfo }) => serverFor(requestInfo), {
    legacy: 'reject',
    onerror: (error) => deps.log.warn({ err: error }, 'MCP request refused'),
  });

  async function legacy(request: Request, body: unknown): Promise<Response> {
    const server = serverFor(request);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    // A client gone mid-answer: the server and its transport close at once (a closed JSON transport never settles
    // the answer it owed, so the wait ends here), and the answer is 499 as the SDK's modern leg gives. Closing the
    // server aborts a tool call under way (its handler's signal): MCP cannot collect a late answer, so the workflow
    // is told its caller left and cancels the tool and gives the charge back (workflows/toolCall.ts).
    const { signal } = request;
    let onAbort: (() => void) | undefined;
    const gone = new Promise<Response>((resolve) => {
      onAbort = () => resolve(new Response(null, { status: CLIENT_CLOSED_REQUEST }));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([transport.handleRequest(request, { parsedBody: body }), gone]);
    } finally {
      signal.removeEventListener('abort', onAbort!);
      await server.close();
    }
  }

  return async (request, body, mcp) => {
    requests.set(request, mcp);
    if (await isLegacyRequest(request, body)) return legacy(request, body);
    return modern.fetch(request, { parsedBody: body });
  };
}
