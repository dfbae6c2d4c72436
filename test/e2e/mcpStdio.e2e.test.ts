import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { registry } from '../../schema/registry';
import { projectRoot } from '../../scripts/services/paths';
import { generateKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const run = promisify(execFile);
const packageDir = path.join(projectRoot, 'packages/mcp-stdio');
const balanceOf = async (key: string) =>
  (await json(fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${key}` } }))).balance_usd as number;

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

  it('is a package of its own: packed, installed into an empty folder from the registry, and run on plain node', async () => {
    const temp = await mkdtemp(path.join(os.tmpdir(), 'toolgate-mcp-'));
    // npm's cache lives in the temporary folder too: nothing is kept outside it.
    const env = { ...process.env, npm_config_cache: path.join(temp, 'npm-cache'), npm_config_update_notifier: 'false' };
    try {
      // `npm pack` compiles the TypeScript first (prepack) and ships the JavaScript alone.
      const packed = await run('npm', ['pack', '--json', '--pack-destination', temp], { cwd: packageDir, env });
      const [tarball] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
      expect(tarball!.files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/cli.js', 'package.json']);

      const app = path.join(temp, 'app');
      await mkdir(app);
      await run('npm', ['install', path.join(temp, tarball!.filename), '--no-audit', '--no-fund'], { cwd: app, env });
      const installed = JSON.parse(await readFile(path.join(app, 'node_modules/toolgate-mcp/package.json'), 'utf8'));
      expect(Object.keys(installed.dependencies).sort()).toEqual(['@modelcontextprotocol/client', '@modelcontextprotocol/server']);
      const bin = path.join(app, 'node_modules/.bin/toolgate-mcp');
      expect((await run(process.execPath, [bin, '--help'], { cwd: app })).stdout).toMatch(/^Usage: toolgate-mcp /);

      // Started as a host starts it: the installed bin on plain node (no tsx, no repository), speaking MCP on its stdio.
      const key = await generateKey(service.baseUrl, 'stdio-package');
      const before = await balanceOf(key.key);
      const transport = new ModernStdioTransport({
        command: process.execPath,
        args: [bin, '--url', `${service.baseUrl}/mcp`, '--key', key.key],
        cwd: app,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new ModernClient({ name: 'installed-host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(transport);
      try {
        expect(client.getServerVersion()).toMatchObject({ name: 'toolgate', version: installed.version });
        let page = await client.listTools();
        const names = page.tools.map((t) => t.name);
        while (page.nextCursor) {
          page = await client.listTools({ cursor: page.nextCursor });
          names.push(...page.tools.map((t) => t.name));
        }
        expect(names).toEqual(expect.arrayContaining(['sentiment', 'code_run', 'chain']));
        const result = await client.callTool({ name: 'sentiment', arguments: { text: 'Wonderful support, quick and kind.' } });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ polarity: 'positive' });
        const cost = registry.find((e) => e.name === 'sentiment')!.price / 1_000_000;
        expect(result._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key', network: 'prepaid', cost_usd: cost });
        expect(await balanceOf(key.key)).toBeCloseTo(before - cost, 6);
        // Its own messages went to stderr (stdout carries the protocol).
        expect(stderr).toContain(`toolgate MCP (stdio) forwarding to ${service.baseUrl}/mcp with a key`);
      } finally {
        await client.close();
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }, 180_000);
});
