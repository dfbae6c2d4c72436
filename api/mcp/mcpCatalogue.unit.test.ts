import { loadConfig } from '../../core/config/loadConfig';
import { byName, registry } from '../../schema/registry';
import { MCP_DESCRIPTION_MAX, mcpCatalogue, mcpToolName, mcpTwinOf } from './mcpCatalogue';

const catalogue = mcpCatalogue(loadConfig({}));
const offered = new Set(catalogue.tools.map((t) => t.entry.name));
const paid = registry.filter((e) => e.price > 0 || e.priceFrom);

describe('the MCP tool list', () => {
  it('offers every paid tool of the registry, all families included, but twins of an offered tool', () => {
    const missing = paid.filter((e) => !offered.has(e.name));
    for (const twin of missing) expect([twin.name, offered.has(mcpTwinOf(twin) ?? '')]).toEqual([twin.name, true]);
    expect(missing.length).toBeLessThanOrEqual(6);
    expect(catalogue.tools.length).toBeGreaterThan(100);
    const families = new Set(paid.filter((e) => !mcpTwinOf(e)).map((e) => e.family));
    expect([...new Set(catalogue.tools.map((t) => t.entry.family))]).toEqual(expect.arrayContaining([...families]));
    expect([...families]).toEqual(expect.arrayContaining(['skills', 'data', 'scraping', 'catalog', 'networkAgents', 'memory', 'orchestration']));
    expect(offered).toContain('skills/execute');
  });

  it('gives each tool a unique name valid for MCP and for the strictest hosts (letters, digits, _ and -, at most 64)', () => {
    const names = catalogue.tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('derives each name from the registry name alone, so names stay what they were as the registry grows', () => {
    for (const tool of catalogue.tools) {
      expect(tool.name).toBe(mcpToolName(tool.entry.name));
      expect(catalogue.named(tool.name)?.entry).toBe(byName.get(tool.entry.name));
    }
    expect(mcpToolName('data/code-host/trending')).toBe('data_code-host_trending');
  });

  it('keeps descriptions short, each ending with its price', () => {
    for (const tool of catalogue.tools) {
      expect([tool.name, tool.description.length <= MCP_DESCRIPTION_MAX]).toEqual([tool.name, true]);
      expect(tool.description).toMatch(/(USD a call|listing's price|Free)[^.]*\.\)?\.?$/);
    }
    expect(catalogue.named('sentiment')!.description).toContain('0.005 USD');
  });

  it('takes a GET lookup’s query fields as its arguments', () => {
    const weather = catalogue.named('data_weather')!;
    expect(weather.entry.method).toBe('GET');
    expect(weather.inputSchema).toMatchObject({ type: 'object', properties: expect.objectContaining({ city: expect.any(Object) }) });
  });
});
