import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';

export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { type: 'object' } & JsonSchema;
  readonly entry: ToolEntry & { execution: 'local-activity' | 'activity' };
}

/** Wire-compatibility endpoints: another API's format over HTTP, not tools a model would pick. */
const NOT_TOOLS = new Set(['v1/messages']);

/**
 * The registry's paid tools as MCP tools. Free utilities, account endpoints and streams stay HTTP-only: a tool
 * call answers once. MCP tool names allow no slash, so `code/run` is offered as `code_run`.
 */
export const mcpTools: readonly McpTool[] = registry
  .filter(
    (entry): entry is McpTool['entry'] => entry.execution !== 'inline' && entry.streaming !== 'always' && entry.method === 'POST' && !NOT_TOOLS.has(entry.name),
  )
  .map((entry) => ({
    name: mcpToolName(entry.name),
    title: entry.path,
    description: `${entry.summary} ${priceNote(entry)}`,
    inputSchema: withoutStreaming(entry.input) as McpTool['inputSchema'],
    entry,
  }));

const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));

export function mcpToolNamed(name: string): McpTool | undefined {
  return byName.get(name);
}

export function mcpToolName(registryName: string): string {
  return registryName.replace(/\//g, '_');
}

function priceNote(entry: ToolEntry): string {
  if (entry.price === 0) return 'Free.';
  const premium = entry.premium ? ' Premium: needs an API key.' : '';
  return `Costs ${microsToUsd(entry.price)} USD a call from an API key (20% off while the balance is at least 2 USD), or one call of the daily MCP allowance.${premium}`;
}

/** A tool call answers once, so `stream` (offered by /chat over HTTP) is not an input here. */
function withoutStreaming(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties || !('stream' in properties)) return schema;
  const { stream: _stream, ...rest } = properties;
  return { ...schema, properties: rest };
}
