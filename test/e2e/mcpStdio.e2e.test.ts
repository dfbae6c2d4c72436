import path from 'node:path';
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
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['sentiment', 'code_run', 'chain']));
      const result = (await client.callTool({ name: 'sentiment', arguments: { text: 'Wonderful support, quick and kind.' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ polarity: 'positive' });
      expect(result._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key', network: 'prepaid' });
      const refused = (await client.callTool({ name: 'sentiment', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
