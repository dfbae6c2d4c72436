import { existsSync } from 'node:fs';
import path from 'node:path';
import { toolImplementations } from '../../activities/tools';
import { inlineHandlers } from '../../api/inline/inlineHandlers';
import { type Family, registry, type ToolEntry } from '../../schema/registry';

const root = path.resolve(__dirname, '..', '..');
const families = [...new Set(registry.map((e) => e.family))];
const entriesOf = (family: Family) => registry.filter((e) => e.family === family);

/** Where the registry says a family is implemented (schema/registry/types.ts, Family: its feature's folders). */
function homeOf(family: Family, entries: readonly ToolEntry[]): string {
  if (family === 'orchestration') return 'workflows/orchestration';
  // Orchestration entries of another family (a custom agent's run) run in workflows/orchestration/ like every plan.
  if (entries.every((e) => e.execution === 'inline' || e.orchestration)) return `api/${family}`;
  return `activities/${family}`;
}

describe('one home per tool', () => {
  it.each(families)('%s: every entry is implemented in the folder its family names', (family) => {
    const entries = entriesOf(family);
    const home = homeOf(family, entries);
    const modelOnly = entries.every((e) => e.model === 'generative' && !toolImplementations[e.name]);
    if (!modelOnly) expect(existsSync(path.join(root, home))).toBe(true);
    if (home.startsWith('api/')) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = [(require(path.join(root, home, 'feature')) as { feature: { handlers: Record<string, unknown> } }).feature.handlers];
      const handled = new Set(exported.flatMap((handlers) => Object.keys(handlers)));
      expect(
        entries
          .filter((e) => e.execution === 'inline')
          .map((e) => e.name)
          .filter((name) => !handled.has(name)),
      ).toEqual([]);
      return;
    }
    if (home.startsWith('activities/')) {
      // A family of tools may have endpoints the API answers itself (/v1/models beside /v1/chat/completions): in api/<family>/.
      const inline = entries.filter((e) => e.execution === 'inline').map((e) => e.name);
      if (inline.length > 0) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const exported = [(require(path.join(root, 'api', family, 'feature')) as { feature: { handlers: Record<string, unknown> } }).feature.handlers];
        expect(inline.filter((name) => !exported.some((handlers) => name in handlers))).toEqual([]);
      }
      const names = new Set(entries.filter((e) => e.execution !== 'inline').map((e) => e.name));
      const implementations = existsSync(path.join(root, home))
        ? // eslint-disable-next-line @typescript-eslint/no-require-imports
          [(require(path.join(root, home, 'feature')) as { feature: { tools?: object } }).feature.tools ?? {}]
        : [];
      const implemented = implementations.flatMap((family) => Object.keys(family));
      expect(implemented.filter((name) => !names.has(name))).toEqual([]);
    }
  });

  it('answers every inline entry with a handler, and implements every tool that cannot be asked of a model', () => {
    expect(registry.filter((e) => e.execution === 'inline' && !inlineHandlers[e.name]).map((e) => e.name)).toEqual([]);
    const unimplemented = registry.filter((e) => e.execution !== 'inline' && e.model === 'none' && !e.orchestration && !toolImplementations[e.name]?.run);
    expect(unimplemented.map((e) => e.name)).toEqual([]);
  });

  it('offers agents and MCP exactly the tools whose entries say so', () => {
    const mcp = registry.filter((e) => e.mcp).map((e) => e.name);
    expect(mcp).not.toContain('v1/messages');
    expect(mcp).not.toContain('stream/write');
    expect(mcp).toContain('code/run');
    expect(registry.filter((e) => e.agents === 'when-named').map((e) => e.name)).toEqual(
      expect.arrayContaining(['chat', 'v1/messages', 'preview', 'stream/research']),
    );
    for (const entry of registry.filter((e) => e.execution === 'inline' || e.orchestration)) expect([entry.name, entry.agents]).toEqual([entry.name, 'never']);
  });
});
