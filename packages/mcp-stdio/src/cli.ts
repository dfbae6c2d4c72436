#!/usr/bin/env node
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

// This package's own version (src/ and dist/ both sit next to package.json); it names both sides of the bridge.
const { version: VERSION } = createRequire(import.meta.url)('../package.json') as { version: string };

const HELP = `Usage: toolgate-mcp [--url URL] [--key apk_…] [--help] [--version]
  (npx toolgate-mcp …; from a clone of the repository: npm run -s mcp -- …)

Serves the service's tools as a local MCP server on stdin/stdout, for MCP hosts that start a command, and
forwards every call to the service's /mcp endpoint (which runs, bills and records it).
  --url   the service's MCP endpoint (default: TOOLGATE_MCP_URL, else http://localhost:3000/mcp); with
          ?tools=data,memory only those groups of tools
  --key   the API key that pays (default: TOOLGATE_API_KEY); without one, calls spend the daily MCP allowance
Messages go to stderr: stdout carries the protocol.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values.version) {
    console.log(VERSION);
    return;
  }
  const url = new URL(values.url ?? process.env.TOOLGATE_MCP_URL ?? 'http://localhost:3000/mcp');
  const key = values.key ?? process.env.TOOLGATE_API_KEY;

  // The service speaks the 2026-07-28 revision (no session to keep alive between calls) and the 2025 one; so does the host's side.
  const remote = new Client({ name: 'toolgate-stdio', version: VERSION }, { versionNegotiation: { mode: 'auto' } });
  await remote.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} } }));
  console.error(`toolgate MCP (stdio) forwarding to ${url.href}${key ? ' with a key' : ' on the daily allowance'}`);

  // The remote server validates, runs and bills; each request is passed on as it came (one page of tools/list at a
  // time, _meta both ways) and answered as it returns, errors with their own code and message.
  serveStdio(() => {
    const server = new Server({ name: 'toolgate', version: VERSION }, { capabilities: { tools: {} }, instructions: remote.getInstructions() });
    server.setRequestHandler('tools/list', (request) => remote.request({ method: 'tools/list', params: request.params }));
    server.setRequestHandler('tools/call', (request) => remote.request({ method: 'tools/call', params: request.params }));
    return server;
  });
  // The host closing stdin ends the connection (serveStdio may also make and drop an instance while the era is chosen).
  process.stdin.once('end', () => void remote.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
