import type { Config } from '../../schema/config';
import { listPriceOf } from '../../core/ledger/pricing';
import { microsToUsd } from '../../schema/money';
import { registry, type ToolEntry, type WorkflowToolEntry } from '../../schema/registry';
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

/** Longest description a tool gets: hosts show (and models read) every one of 100+ tools. */
export const MCP_DESCRIPTION_MAX = 300;
const SUMMARY_MAX = 220;

/**
 * The registry's tools that say they are offered over MCP (entry.mcp), with their price in the description. MCP
 * tool names allow no slash, so `code/run` is offered as `code_run`. Every paid tool is offered but the twins of
 * one that is (mcpTwinOf): MCP answers once, so streamed twins add nothing, and vendor wire formats are HTTP's.
 */
export function mcpCatalogue(config: Config): McpCatalogue {
  let catalogue = catalogues.get(config);
  if (catalogue) return catalogue;
  const tools = registry
    .filter((entry): entry is WorkflowToolEntry => entry.mcp && entry.execution !== 'inline')
    .map((entry) => ({
      name: mcpToolName(entry.name),
      title: entry.path,
      description: `${shortSummary(entry.summary)} ${priceNote(entry, config)}`,
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
  if (entry.price === 0 && !entry.priceFrom) return 'Free.';
  if (entry.priceFrom === 'listing') return "Costs the listing's price (API key or x402).";
  const price = `Costs ${microsToUsd(listPriceOf(entry, config))} USD a call`;
  if (entry.needsIdentity) return `${price} (API key or x402 wallet, as whom it acts).`;
  if (entry.premium) return `${price} (API key or x402; premium).`;
  return `${price} (API key, x402, or the daily MCP allowance).`;
}

/** The summary, cut after its last whole sentence or clause that fits when it is long. */
function shortSummary(summary: string): string {
  const text = summary.trim().replace(/[.;:]?$/, '.');
  if (text.length <= SUMMARY_MAX) return text;
  const head = text.slice(0, SUMMARY_MAX);
  const cut = Math.max(head.lastIndexOf('. '), head.lastIndexOf('; '), head.lastIndexOf(': '));
  if (cut > 40) return `${head.slice(0, cut)}.`;
  return `${head.slice(0, head.lastIndexOf(' '))}…`;
}

/**
 * The tool offered over MCP that a paid tool not offered there is a twin of: a streamed twin (`stream/write`,
 * `agent/stream`) or a vendor wire format of /chat (`v1/messages`); undefined for a tool that is no twin.
 */
export function mcpTwinOf(entry: ToolEntry): string | undefined {
  if (entry.wire && entry.wire !== 'native') return 'chat';
  if (entry.streaming === 'always') return entry.name.replace(/^stream\//, '').replace(/\/stream$/, '');
  return undefined;
}

/** A tool call answers once, so `stream` (offered by /chat over HTTP) is not an input here. */
function withoutStreaming(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties || !('stream' in properties)) return schema;
  const { stream: _stream, ...rest } = properties;
  return { ...schema, properties: rest };
}
