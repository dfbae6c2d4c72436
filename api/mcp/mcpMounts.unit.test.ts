import { loadConfig } from '../../schema/config';
import { mcpCatalogue } from './mcpCatalogue';
import { mcpInstructions } from './mcpInstructions';
import { mcpMounts } from './mcpMounts';

const config = loadConfig({});
const catalogue = mcpCatalogue({ config, x402: null });
const mounts = mcpMounts(catalogue);

describe('the MCP mounts', () => {
  it('mounts each registry category of the offered tools, every tool in exactly one', () => {
    const categories = [...mounts.values()].filter((m) => m.kind === 'category');
    expect(categories.map((m) => m.name)).toEqual(['text-ai', 'data', 'agents', 'scraping', 'catalog', 'orchestration']);
    expect(categories.flatMap((m) => m.tools.map((t) => t.name)).sort()).toEqual(catalogue.tools.map((t) => t.name).sort());
    expect(mounts.get('data')!.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['data_weather', 'search', 'web_search']));
  });

  it('mounts each family too, in kebab-case, where no category has its name', () => {
    expect(mounts.get('memory')).toMatchObject({ kind: 'family' });
    expect(mounts.get('memory')!.tools.map((t) => t.name)).toEqual(['memory_set', 'memory_get', 'memory_search', 'memory_clear']);
    expect(mounts.get('custom-agents')!.tools.map((t) => t.name)).toEqual(['agents_custom_run']);
    // The category "agents" (the whole agent network) holds the family of the same name (registration).
    expect(mounts.get('agents')).toMatchObject({ kind: 'category' });
    expect(mounts.get('agents')!.tools.length).toBeGreaterThan(15);
    for (const name of mounts.keys()) expect(name).toMatch(/^[a-z][a-z-]*$/);
  });

  it('names the mounts and the ways to pay in the server instructions, as this deployment takes them', () => {
    const all = mcpInstructions({ config, x402: null }, catalogue, undefined);
    expect(all).toContain(`This endpoint offers all ${catalogue.tools.length} tools.`);
    expect(all).toContain(`${config.publicBaseUrl}/mcp/data (${mounts.get('data')!.tools.length})`);
    expect(all).toContain('custom-agents');
    expect(all).not.toContain('x402');
    const paid = mcpInstructions({ config, x402: {} as never }, catalogue, mounts.get('memory'));
    expect(paid).toContain('This endpoint offers the 4 tools of "memory"');
    expect(paid).toContain('_meta["x402/payment"]');
  });
});
