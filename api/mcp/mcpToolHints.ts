import type { ToolEntry } from '../../schema/registry';

/** MCP's tool annotations (the hints a host may use to decide what to confirm with its user). */
export interface McpToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * The hints, read from what the entry says it changes and whether it goes online. All four are always given (MCP's
 * defaults are the cautious ones, so a host that skips readOnlyHint would otherwise take a lookup for destructive).
 * They describe effects besides the charge: every call of a paid tool costs its price again.
 */
export function mcpToolHints(entry: Pick<ToolEntry, 'changes' | 'online' | 'readsUrl'>): McpToolHints {
  const openWorldHint = entry.online === true || entry.readsUrl === true;
  switch (entry.changes) {
    case undefined:
      return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint };
    case 'adds':
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint };
    case 'replaces':
    case 'removes':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint };
    case 'anything':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint };
  }
}
