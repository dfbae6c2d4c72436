import { loadConfig } from '../../core/config/loadConfig';
import { type Unavailable, unavailableNote } from '../availability/toolAvailability';
import { listedTool, MCP_UNAVAILABLE_META } from './mcpAvailability';
import { MCP_DESCRIPTION_MAX, mcpCatalogue } from './mcpCatalogue';
import { MCP_PRICE_META } from './mcpPrice';

const catalogue = mcpCatalogue({ config: loadConfig({}), x402: null });
const noModel: Unavailable = {
  reason: 'not_configured',
  message: 'this tool needs a generative model and no model provider is configured for it',
  settings: ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL'],
};
const failing: Unavailable = {
  reason: 'provider_failing',
  message: '/chat cannot run now: openai and anthropic are failing here',
  providers: ['openai', 'anthropic'],
};

describe('a tool the MCP list marks as unable to run here', () => {
  it('says why first, within the description’s length, and keeps its price last and in _meta', () => {
    for (const why of [noModel, failing]) {
      const note = unavailableNote(why);
      for (const tool of catalogue.tools) {
        const listed = listedTool(tool, why);
        expect([tool.name, listed.description.length <= MCP_DESCRIPTION_MAX]).toEqual([tool.name, true]);
        expect(listed.description.startsWith(`${note} `)).toBe(true);
        expect(listed.description).toMatch(/(USD a call|listing's price|Free)[^.]*\.\)?\.?$/);
        expect(listed._meta).toEqual({ [MCP_PRICE_META]: tool._meta[MCP_PRICE_META], [MCP_UNAVAILABLE_META]: why });
        expect(listed).not.toHaveProperty('entry');
      }
    }
    expect(unavailableNote(failing)).toBe('Cannot run here now: openai and anthropic are failing.');
    expect(unavailableNote(noModel)).toBe('Cannot run here: this tool needs a generative model and no model provider is configured for it.');
  });

  it('leaves a tool that can run as the catalogue describes it', () => {
    const { entry: _entry, ...tool } = catalogue.named('sentiment')!;
    expect(listedTool(catalogue.named('sentiment')!, undefined)).toEqual(tool);
  });
});
