import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isListable } from '../../core/marketplace/listableTool';
import { isStepTool } from '../../core/orchestration/stepTools';
import { SKILL_TOOLS } from '../../schema/skills/skillDefinition';
import { byName, registry, titleFromName } from '../../schema/registry';
import { loadConfig } from '../../core/config/loadConfig';
import { MCP_DESCRIPTION_MAX, mcpCatalogue, mcpToolName, mcpTwinOf } from './mcpCatalogue';
import { MCP_PRICE_META } from './mcpPrice';
import { mcpToolHints } from './mcpToolHints';

const config = loadConfig({});
const catalogue = mcpCatalogue({ config, x402: null });
const withX402 = mcpCatalogue({ config: loadConfig({}), x402: {} });
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

  it('gives each tool its registry title: a short human name, unique, not a path', () => {
    const titles = catalogue.tools.map((t) => t.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const tool of catalogue.tools) {
      expect(tool.title).toBe(tool.entry.title);
      expect([tool.name, tool.title.length <= 40, /[/_]/.test(tool.title.replace('(/web/search)', ''))]).toEqual([tool.name, true, false]);
    }
    expect(catalogue.named('sentiment')!.title).toBe('Sentiment analysis');
    expect(titleFromName('auth/generate-key')).toBe('Auth generate key');
    expect(byName.get('free/uuid')!.title).toBe('Random UUIDs');
  });

  it('hints what a tool changes and whether it goes online, from its entry', () => {
    const hints = (name: string) => catalogue.named(name)!.annotations;
    const lookup = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    expect(hints('sentiment')).toEqual({ ...lookup, openWorldHint: false });
    expect(hints('data_weather')).toEqual({ ...lookup, openWorldHint: true });
    expect(hints('extract')).toEqual({ ...lookup, openWorldHint: true });
    expect(hints('memory_get')).toEqual({ ...lookup, openWorldHint: false });
    expect(hints('message_send')).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(hints('memory_set')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    expect(hints('memory_clear')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints('chain')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  });

  it('gives a tool that runs others at least the hints of each tool it may run', () => {
    const covers = (runner: string, runs: (e: (typeof registry)[number]) => boolean) => {
      const own = mcpToolHints(byName.get(runner)!);
      const ran = registry.filter(runs).map((e) => mcpToolHints(e));
      expect(ran.length).toBeGreaterThan(0);
      if (ran.some((h) => !h.readOnlyHint)) expect([runner, own.readOnlyHint]).toEqual([runner, false]);
      if (ran.some((h) => h.destructiveHint)) expect([runner, own.destructiveHint]).toEqual([runner, true]);
      if (ran.some((h) => h.openWorldHint)) expect([runner, own.openWorldHint]).toEqual([runner, true]);
    };
    for (const runner of registry.filter((e) => e.orchestration && e.orchestration !== 'crawl' && e.orchestration !== 'actor')) covers(runner.name, isStepTool);
    covers('marketplace/call', isListable);
    covers('skills/execute', (e) => e.name in SKILL_TOOLS);
  });

  it('has every data lookup that runs as an activity say it goes online (the family runs network lookups so, and only those)', () => {
    for (const entry of registry.filter((e) => e.family === 'data'))
      expect([entry.name, entry.online === true]).toEqual([entry.name, entry.execution === 'activity']);
  });

  it('puts the price in _meta, in micro-USD and USD, with the ways this deployment takes it', () => {
    expect(catalogue.named('sentiment')!._meta[MCP_PRICE_META]).toEqual({
      micro_usd: 5000,
      usd: 0.005,
      pay_with: ['api_key', 'mcp_allowance'],
      premium: false,
    });
    expect(withX402.named('sentiment')!._meta[MCP_PRICE_META].pay_with).toEqual(['api_key', 'x402', 'mcp_allowance']);
    expect(withX402.named('scrape')!._meta[MCP_PRICE_META]).toMatchObject({ pay_with: ['api_key', 'x402'], premium: true });
    expect(withX402.named('memory_set')!._meta[MCP_PRICE_META].pay_with).toEqual(['api_key', 'x402']);
    expect(withX402.named('marketplace_call')!._meta[MCP_PRICE_META]).toEqual({ price_from: 'listing', pay_with: ['api_key', 'x402'], premium: false });
    expect(mcpCatalogue({ config: loadConfig({ MCP_FREE_DAILY: '0' }), x402: null }).named('sentiment')!._meta[MCP_PRICE_META].pay_with).toEqual(['api_key']);
    for (const tool of withX402.tools) {
      const price = tool._meta[MCP_PRICE_META];
      if (price.usd) expect([tool.name, price.micro_usd]).toEqual([tool.name, Math.round(price.usd * 1_000_000)]);
      if (price.usd) expect(tool.description).toContain(`${price.usd} USD`);
      expect(tool.description.includes('x402')).toBe(price.pay_with.includes('x402'));
    }
  });

  it('gives each tool its registry output as outputSchema, admitting the x402 PaymentRequired where it may ask for one', () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    const paymentRequired = { x402Version: 2, accepts: [{ scheme: 'exact' }], error: 'payment required' };
    for (const tool of catalogue.tools) {
      expect(tool.outputSchema).toBe(tool.entry.output);
      expect(tool.outputSchema.type).toBe('object');
      expect([tool.name, ajv.validate(tool.outputSchema, paymentRequired)]).toEqual([tool.name, false]);
    }
    for (const tool of withX402.tools) {
      const paid = tool._meta[MCP_PRICE_META].pay_with.includes('x402');
      expect([tool.name, tool.outputSchema.type, ajv.validate(tool.outputSchema, paymentRequired)]).toEqual([tool.name, 'object', paid]);
    }
  });
});
