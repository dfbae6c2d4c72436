import { loadConfig } from '../../core/config/loadConfig';
import { mcpCatalogue } from './mcpCatalogue';
import { mcpInstructions } from './mcpInstructions';
import { mcpToolGroups, selectMcpTools, toolGroupsAsked, UnknownToolGroup } from './mcpToolGroups';

const config = loadConfig({});
const catalogue = mcpCatalogue({ config, x402: null });
const groups = mcpToolGroups(catalogue);
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe('the groups of MCP tools a host can ask for', () => {
  it('groups by registry category, every tool in exactly one', () => {
    const categories = [...groups.values()].filter((g) => g.kind === 'category');
    expect(categories.map((g) => g.name)).toEqual(['text-ai', 'data', 'agents', 'scraping', 'catalog', 'orchestration']);
    expect(categories.flatMap((g) => names(g.tools)).sort()).toEqual(names(catalogue.tools).sort());
    expect(names(groups.get('data')!.tools)).toEqual(expect.arrayContaining(['data_weather', 'search', 'web_search']));
  });

  it('groups by family too, in kebab-case, where no category has its name', () => {
    expect(groups.get('memory')).toMatchObject({ kind: 'family' });
    expect(names(groups.get('memory')!.tools)).toEqual(['memory_set', 'memory_get', 'memory_search', 'memory_clear']);
    expect(names(groups.get('custom-agents')!.tools)).toEqual(['agents_custom_run']);
    // The category "agents" (the whole agent network) holds the family of the same name (registration).
    expect(groups.get('agents')).toMatchObject({ kind: 'category' });
    expect(groups.get('agents')!.tools.length).toBeGreaterThan(15);
    for (const name of groups.keys()) expect(name).toMatch(/^[a-z][a-z-]*$/);
  });

  it('selects the tools of the groups asked for, in the catalogue’s order and each once; every tool when none is', () => {
    expect(selectMcpTools(catalogue, []).tools).toBe(catalogue.tools);
    const chosen = selectMcpTools(catalogue, ['memory', 'text', 'memory']);
    expect(names(chosen.tools)).toEqual(['sentiment', 'keywords', 'summarize', 'memory_set', 'memory_get', 'memory_search', 'memory_clear']);
    expect(names(selectMcpTools(catalogue, ['agents', 'memory']).tools)).toEqual(names(groups.get('agents')!.tools));
    expect(() => selectMcpTools(catalogue, ['data', 'weather'])).toThrow(UnknownToolGroup);
  });

  it('reads the tools query parameter: comma-separated or repeated, blanks and repeats dropped', () => {
    expect(toolGroupsAsked(undefined)).toEqual([]);
    expect(toolGroupsAsked('data')).toEqual(['data']);
    expect(toolGroupsAsked('data, memory,,data')).toEqual(['data', 'memory']);
    expect(toolGroupsAsked(['data', 'text-ai,memory'])).toEqual(['data', 'text-ai', 'memory']);
  });

  it('names the groups and the ways to pay in the server instructions, as this deployment takes them', () => {
    const all = mcpInstructions({ config, x402: null }, catalogue, selectMcpTools(catalogue, []));
    expect(all).toContain(`This endpoint offers all ${catalogue.tools.length} tools.`);
    expect(all).toContain(`${config.publicBaseUrl}/mcp?tools=`);
    expect(all).toContain(`data (${groups.get('data')!.tools.length})`);
    expect(all).toContain('custom-agents');
    expect(all).not.toContain('x402');
    const paid = mcpInstructions({ config, x402: {} as never }, catalogue, selectMcpTools(catalogue, ['memory']));
    expect(paid).toContain('This endpoint offers the 4 tools of memory');
    expect(paid).toContain('_meta["x402/payment"]');
  });
});
