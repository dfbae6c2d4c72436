import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../api/middleware/versionHeaders';

const HELP = `Usage: npm run -s mcp -- [--url URL] [--key apk_…] [--help]

Serves the service's tools as a local MCP server on stdin/stdout, for MCP hosts that start a command, and
forwards every call to the service's /mcp endpoint (which runs, bills and records it).
  --url   the service's MCP endpoint (default: TOOLGATE_MCP_URL, else http://localhost:3000/mcp)
  --key   the API key that pays (default: TOOLGATE_API_KEY); without one, calls spend the daily MCP allowance
Messages go to stderr: stdout carries the protocol.`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const url = new URL(values.url ?? process.env.TOOLGATE_MCP_URL ?? 'http://localhost:3000/mcp');
  const key = values.key ?? process.env.TOOLGATE_API_KEY;

  const remote = new Client({ name: 'toolgate-stdio', version: API_VERSION });
  await remote.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} } }));
  console.error(`toolgate MCP (stdio) forwarding to ${url.href}${key ? ' with a key' : ' on the daily allowance'}`);

  // The remote server validates, runs and bills; here each request is passed on as it came and answered as it returns.
  const server = new Server({ name: 'toolgate', version: API_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, (request) => remote.callTool(request.params));
  server.onclose = () => void remote.close();
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
