import path from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { projectRoot } from '../../scripts/services/paths';
import { generateKey } from '../support/accounts';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

/** What an MCP host does with `npm run -s mcp`: start the bridge as a child process and speak MCP on its stdio. */
async function startBridge(args: string[]): Promise<Client> {
  const client = new Client({ name: 'host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(projectRoot, 'scripts/mcpStdio.ts'), '--url', `${service.baseUrl}/mcp`, ...args],
      cwd: projectRoot,
      stderr: 'ignore',
    }),
  );
  return client;
}

describe('the local MCP server (stdio bridge)', () => {
  it('offers the service’s tools and runs a call paid by the key it was started with', async () => {
    const key = await generateKey(service.baseUrl, 'stdio');
    const client = await startBridge(['--key', key.key]);
    try {
      // Page by page, as the service hands them out: the bridge passes each tools/list on with its cursor.
      const first = await client.listTools();
      expect(first.tools).toHaveLength(service.config.mcpPageSize);
      const names = first.tools.map((t) => t.name);
      for (let cursor = first.nextCursor; cursor;) {
        const page = await client.listTools({ cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      }
      expect(names).toEqual(expect.arrayContaining(['sentiment', 'code_run', 'chain']));
      expect(client.getInstructions()).toContain('Authorization: Bearer apk_');
      const result = (await client.callTool({ name: 'sentiment', arguments: { text: 'Wonderful support, quick and kind.' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ polarity: 'positive' });
      expect(result._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key', network: 'prepaid' });
      const refused = (await client.callTool({ name: 'sentiment', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      // The service's error passes through with its code and message, prefixed once by the host's own client.
      await expect(client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toThrow(/^MCP error -32602: unknown tool "no-such-tool"/);
    } finally {
      await client.close();
    }
  });

  it('speaks the 2026-07-28 revision to a host that negotiates it, and offers the group of tools its URL asks for', async () => {
    const key = await generateKey(service.baseUrl, 'stdio-modern');
    const client = new ModernClient({ name: 'modern-host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new ModernStdioTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(projectRoot, 'scripts/mcpStdio.ts'), '--url', `${service.baseUrl}/mcp?tools=text`, '--key', key.key],
        cwd: projectRoot,
        stderr: 'ignore',
      }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getInstructions()).toMatch(/offers the 3 tools of text;/);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['keywords', 'sentiment', 'summarize']);
      const result = await client.callTool({ name: 'keywords', arguments: { text: 'Durable workflows keep payment retries safe.' } });
      expect(result.isError).toBeFalsy();
      expect(result._meta).toMatchObject({ endpoint: '/keywords', payment: 'key' });
    } finally {
      await client.close();
    }
  });
});
