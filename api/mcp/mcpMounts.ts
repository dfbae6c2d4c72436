import type { McpCatalogue, McpTool } from './mcpCatalogue';

/** A part of the tool list a host can connect to on its own, at /mcp/<name>. */
export interface McpMount {
  readonly name: string;
  /** What the mount groups: a registry category (text-ai, data …) or, finer, a family (memory, search …). */
  readonly kind: 'category' | 'family';
  readonly tools: readonly McpTool[];
}

const mountsOf = new WeakMap<McpCatalogue, ReadonlyMap<string, McpMount>>();

/**
 * The mounts of the catalogue, each a registry category or family of its tools, named as in the path (families in
 * kebab-case: custom-agents). Where a category and a family share a name (data, agents …) the category is the mount:
 * it holds the family and its neighbours (data with search, agents with memory, messages …).
 */
export function mcpMounts(catalogue: McpCatalogue): ReadonlyMap<string, McpMount> {
  let mounts = mountsOf.get(catalogue);
  if (mounts) return mounts;
  const grouped = new Map<string, McpMount>();
  const add = (name: string, kind: McpMount['kind'], tool: McpTool) => {
    const mount = grouped.get(name) ?? { name, kind, tools: [] };
    if (mount.kind !== kind) return;
    (mount.tools as McpTool[]).push(tool);
    grouped.set(name, mount);
  };
  for (const tool of catalogue.tools) add(tool.entry.category, 'category', tool);
  for (const tool of catalogue.tools) add(kebab(tool.entry.family), 'family', tool);
  mounts = grouped;
  mountsOf.set(catalogue, mounts);
  return mounts;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
