import type { McpCatalogue, McpTool } from './mcpCatalogue';

/** A part of the tool list a host can ask for alone: /mcp?tools=<name>. */
export interface McpToolGroup {
  readonly name: string;
  /** What the group is: a registry category (text-ai, data …) or, finer, a family (memory, search …). */
  readonly kind: 'category' | 'family';
  readonly tools: readonly McpTool[];
}

/** The tools one endpoint offers: every tool (no groups named), or those of the groups named. */
export interface McpToolSelection {
  readonly groups: readonly string[];
  readonly tools: readonly McpTool[];
}

/** A group name that is none of the catalogue's. */
export class UnknownToolGroup extends Error {
  constructor(readonly group: string) {
    super(`no tool group "${group}"`);
  }
}

const groupsOf = new WeakMap<McpCatalogue, ReadonlyMap<string, McpToolGroup>>();

/**
 * The groups of the catalogue, each a registry category or family of its tools (families in kebab-case:
 * custom-agents). Where a category and a family share a name (data, agents …) the category is the group: it holds the
 * family and its neighbours (data with search, agents with memory, messages …).
 */
export function mcpToolGroups(catalogue: McpCatalogue): ReadonlyMap<string, McpToolGroup> {
  let groups = groupsOf.get(catalogue);
  if (groups) return groups;
  const grouped = new Map<string, McpToolGroup>();
  const add = (name: string, kind: McpToolGroup['kind'], tool: McpTool) => {
    const group = grouped.get(name) ?? { name, kind, tools: [] };
    if (group.kind !== kind) return;
    (group.tools as McpTool[]).push(tool);
    grouped.set(name, group);
  };
  for (const tool of catalogue.tools) add(tool.entry.category, 'category', tool);
  for (const tool of catalogue.tools) add(kebab(tool.entry.family), 'family', tool);
  groups = grouped;
  groupsOf.set(catalogue, groups);
  return groups;
}

/** The tools of the groups named (in the catalogue's order, each once), or every tool when none is named. */
export function selectMcpTools(catalogue: McpCatalogue, groups: readonly string[]): McpToolSelection {
  if (groups.length === 0) return { groups, tools: catalogue.tools };
  const all = mcpToolGroups(catalogue);
  const chosen = new Set<McpTool>();
  for (const name of groups) {
    const group = all.get(name);
    if (!group) throw new UnknownToolGroup(name);
    for (const tool of group.tools) chosen.add(tool);
  }
  return { groups, tools: catalogue.tools.filter((tool) => chosen.has(tool)) };
}

/** The `tools` query parameter as group names: `data,memory` or repeated, blanks ignored. */
export function toolGroupsAsked(query: string | readonly string[] | undefined): string[] {
  const values = typeof query === 'string' ? [query] : (query ?? []);
  return [
    ...new Set(
      values
        .flatMap((value) => value.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
