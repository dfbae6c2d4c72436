import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mcpCatalogue } from '../../api/mcp/mcpCatalogue';
import { generateKey, type TestKey } from '../support/accounts';
import { outputProblems } from '../support/registryOutput';
import { startTestService, type TestService } from '../support/testService';

const run = promisify(execFile);

/** The MCP Inspector's command line, pinned; npx fetches it once into its cache. */
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const INSPECTOR_NODE = [22, 19] as const;

let service: TestService;
let key: TestKey;
let nodeBin: string;
beforeAll(async () => {
  service = await startTestService();
  key = await generateKey(service.baseUrl, 'inspector');
  nodeBin = await nodeForInspector();
}, 300_000);
afterAll(() => service?.stop());

/**
 * The Inspector wants Node ≥ 22.19: the machine's when new enough, else Node 24 from the npm registry's node package
 * (as .ci/run gets it).
 */
async function nodeForInspector(): Promise<string> {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major > INSPECTOR_NODE[0] || (major === INSPECTOR_NODE[0] && minor >= INSPECTOR_NODE[1])) return path.dirname(process.execPath);
  const { stdout } = await run('npx', ['-y', 'node@24', '-p', 'process.execPath'], { timeout: 240_000 });
  return path.dirname(stdout.trim());
}

/** `npx @modelcontextprotocol/inspector --cli <url> …`, as a user types it; its stdout parsed (it prints JSON). */
async function inspector(url: string, ...args: string[]): Promise<{ json: Record<string, unknown>; stderr: string }> {
  const { stdout, stderr } = await run('npx', ['-y', INSPECTOR, '--cli', url, ...args], {
    env: { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH}`, HOME: process.env.HOME ?? '/tmp' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { json: JSON.parse(stdout) as Record<string, unknown>, stderr };
}

describe('the MCP Inspector (CLI mode)', () => {
  it('lists every tool, page after page, each with a title, an outputSchema, annotations and a price, and no schema it calls an error', async () => {
    // --strict: the Inspector reports the tool schemas' portability problems and fails on any it calls an error.
    const { json, stderr } = await inspector(`${service.baseUrl}/mcp`, '--method', 'tools/list', '--strict');
    const tools = json.tools as { name: string; title: string; outputSchema: { type: string }; annotations: Record<string, boolean>; _meta: object }[];
    expect(tools.length).toBe(mcpCatalogue({ config: service.config, x402: null }).tools.length);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    for (const tool of tools) {
      expect([tool.name, tool.outputSchema.type, Object.keys(tool.annotations).sort()]).toEqual([
        tool.name,
        'object',
        ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint'],
      ]);
      expect(tool._meta).toHaveProperty(['toolgate/price', 'pay_with']);
    }
    expect(tools.find((t) => t.name === 'data_weather')!.title).toBe('Weather');
    expect(stderr).not.toMatch(/^Error:/m);
  }, 300_000);

  it('lists a group of tools by the URL alone (its path ends in /mcp, so the Inspector takes it for Streamable HTTP)', async () => {
    const { json } = await inspector(`${service.baseUrl}/mcp?tools=data`, '--method', 'tools/list');
    expect((json.tools as { name: string }[]).map((t) => t.name)).toEqual(expect.arrayContaining(['data_weather', 'search']));
    expect(json.tools).toHaveLength(26);
  }, 300_000);

  it('calls a tool paid by the key in its header; its structuredContent is what the tool’s outputSchema says', async () => {
    const { json } = await inspector(
      `${service.baseUrl}/mcp`,
      '--method',
      'tools/call',
      '--tool-name',
      'sentiment',
      '--tool-arg',
      'text=Wonderful, quick and kind support.',
      '--header',
      `Authorization: Bearer ${key.key}`,
    );
    expect(json).toMatchObject({ structuredContent: { polarity: 'positive' }, _meta: { endpoint: '/sentiment', payment: 'key' } });
    expect(json.isError).toBeFalsy();
    expect(outputProblems('sentiment', json.structuredContent)).toEqual([]);
  }, 300_000);

  it('initializes (the 2025-11-25 revision: the Inspector does not negotiate the 2026 one) and reads how to pay and ask for fewer tools', async () => {
    const { json } = await inspector(`${service.baseUrl}/mcp`, '--method', 'initialize');
    expect(json).toMatchObject({ serverInfo: { name: 'toolgate' }, protocolVersion: '2025-11-25', capabilities: { tools: {} } });
    expect(json.instructions).toEqual(expect.stringContaining(`${service.config.publicBaseUrl}/mcp?tools=`));
  }, 300_000);
});
