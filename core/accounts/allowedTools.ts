import { registry, type ToolEntry } from '../../schema/registry';

/**
 * A key's `allowed_tools`: each item a registry group as MCP's `?tools=` names it (a category such as `text-ai` or
 * `data`, or a family in kebab-case such as `memory` or `custom-agents`; where the two share a name the category is
 * meant), or a path: exact (`/sentiment`), or a prefix ending in `*` (`/data/*`).
 */
export type AllowedTools = readonly string[];

type Placed = Pick<ToolEntry, 'category' | 'family' | 'path'>;

const categories = new Set<string>(registry.map((entry) => entry.category));

export function familyGroup(family: string): string {
  return family.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function matches(item: string, entry: Placed): boolean {
  if (item.startsWith('/')) return item.endsWith('*') ? entry.path.startsWith(item.slice(0, -1)) : entry.path === item;
  return categories.has(item) ? entry.category === item : familyGroup(entry.family) === item;
}

/** Whether a key with these allowed tools (null: all) may call the entry. */
export function isToolAllowed(allowed: AllowedTools | null, entry: Placed): boolean {
  return allowed === null || allowed.some((item) => matches(item, entry));
}

/** The items that name nothing this service offers (a typo would otherwise allow nothing, silently). */
export function unknownAllowedTools(items: AllowedTools): string[] {
  return items.filter((item) => !registry.some((entry) => matches(item, entry)));
}

/** Every group a key may be allowed (for the hint of a refusal). */
export function allowedToolGroups(): string[] {
  return [...new Set([...categories, ...registry.map((entry) => familyGroup(entry.family)).filter((group) => !categories.has(group))])].sort();
}
