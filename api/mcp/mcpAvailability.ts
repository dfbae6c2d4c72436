import { type Unavailable, unavailableNote } from '../availability/toolAvailability';
import { mcpDescription, type McpTool } from './mcpCatalogue';
import { MCP_PRICE_META } from './mcpPrice';

/** Why this deployment cannot run a tool now, in the tool's `_meta` (the same object /discover gives as `unavailable`). */
export const MCP_UNAVAILABLE_META = 'toolgate/unavailable';

/**
 * A tool as tools/list gives it. One this deployment cannot run now stays listed (a host that cached the list still
 * knows the name, and it may run again soon) but is marked: its description starts with why, for the model, and its
 * `_meta` holds the reason and the settings to set, for the host. MCP's annotations hold only the spec's hints (the
 * SDK's schema strips other keys), so the mark is not there.
 */
export function listedTool(tool: McpTool, why: Unavailable | undefined) {
  const { entry, ...listed } = tool;
  if (!why) return listed;
  return {
    ...listed,
    description: mcpDescription(entry, tool._meta[MCP_PRICE_META], unavailableNote(why)),
    _meta: { ...listed._meta, [MCP_UNAVAILABLE_META]: why },
  };
}
