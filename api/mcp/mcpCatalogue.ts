import { discountNote } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry, type WorkflowToolEntry } from '../../schema/registry';
import type { JsonSchema } from '../../schema/registry/types';

export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { type: 'object' } & JsonSchema;
  readonly entry: WorkflowToolEntry;
}

export interface McpCatalogue {
  readonly tools: readonly McpTool[];
  named(name: string): McpTool | undefined;
}

const catalogues = new WeakMap<Config, McpCatalogue>();

/**
 * The registry's tools that say they are offered over MCP (entry.mcp), with their price in the description. MCP
 * tool names allow no slash, so `code/run` is offered as `code_run`.
 */
export function mcpCatalogue(config: Config): McpCatalogue {
  let catalogue = catalogues.get(config);
  if (catalogue) return catalogue;
  const tools = registry
    .filter((entry): entry is WorkflowToolEntry => entry.mcp && entry.execution !== 'inline')
    .map((entry) => ({
      name: mcpToolName(entry.name),
      title: entry.path,
      description: `${entry.summary} ${priceNote(entry, config)}`,
      inputSchema: withoutStreaming(entry.input) as McpTool['inputSchema'],
      entry,
    }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  catalogue = { tools, named: (name) => byName.get(name) };
  catalogues.set(config, catalogue);
  return catalogue;
}

export function mcpToolName(registryName: string): string {
  return registryName.replace(/\//g, '_');
}

function priceNote(entry: WorkflowToolEntry, config: Config): string {
  if (entry.price === 0) return 'Free.';
  if (entry.priceFrom === 'listing') return "Costs the listing's price, from an API key; not in the MCP allowance.";
  const price = entry.priceSetting ? (config[entry.priceSetting] as number) : entry.price;
  if (entry.needsIdentity) return `Costs ${microsToUsd(price)} USD a call from an API key, as whose agents it acts; not in the MCP allowance.`;
  const premium = entry.premium ? ' Premium: needs an API key.' : '';
  return `Costs ${microsToUsd(entry.price)} USD a call from an API key (${discountNote(config)}), or one call of the daily MCP allowance.${premium}`;
}

/** A tool call answers once, so `stream` (offered by /chat over HTTP) is not an input here. */
function withoutStreaming(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties || !('stream' in properties)) return schema;
  const { stream: _stream, ...rest } = properties;
  return { ...schema, properties: rest };
}
