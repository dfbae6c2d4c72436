import type { Config } from '../../schema/config';
import { registry, type ToolEntry, type WorkflowToolEntry } from '../../schema/registry';
import type { JsonSchema } from '../../schema/registry/types';
import { type McpObjectSchema, mcpOutputSchema } from './mcpOutputSchema';
import { MCP_PRICE_META, type McpPrice, mcpPrice, priceNote } from './mcpPrice';
import { type McpToolHints, mcpToolHints } from './mcpToolHints';

/** A tool as tools/list describes it, with the registry entry it runs. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: McpObjectSchema;
  readonly outputSchema: McpObjectSchema;
  readonly annotations: McpToolHints;
  readonly _meta: { readonly [MCP_PRICE_META]: McpPrice };
  readonly entry: WorkflowToolEntry;
}

export interface McpCatalogue {
  readonly tools: readonly McpTool[];
  named(name: string): McpTool | undefined;
}

/** What the tool list depends on: the settings, and whether this deployment takes x402 payments. */
export interface McpCatalogueDeps {
  readonly config: Config;
  readonly x402: unknown;
}

/** Per settings, the list with x402 and the list without (they differ in prices' ways to pay and output schemas). */
const catalogues = new WeakMap<Config, Map<boolean, McpCatalogue>>();

/** Longest description a tool gets: hosts show (and models read) every one of 100+ tools. */
export const MCP_DESCRIPTION_MAX = 300;
const SUMMARY_MAX = 220;

/**
 * The registry's tools that say they are offered over MCP (entry.mcp), each described from its entry alone: its title,
 * its input and output schemas, the hints of what it changes and reaches, and its price (in the description for the
 * model, in `_meta` for the host). MCP tool names allow no slash, so `code/run` is offered as `code_run`. Every paid
 * tool is offered but the twins of one that is (mcpTwinOf): MCP answers once, so streamed twins add nothing, and
 * vendor wire formats are HTTP's.
 */
export function mcpCatalogue(deps: McpCatalogueDeps): McpCatalogue {
  const x402 = deps.x402 !== null && deps.x402 !== undefined;
  const cached = catalogues.get(deps.config)?.get(x402);
  if (cached) return cached;
  const tools = registry
    .filter((entry): entry is WorkflowToolEntry => entry.mcp && entry.execution !== 'inline')
    .map((entry): McpTool => {
      const price = mcpPrice(entry, deps.config, x402);
      return {
        name: mcpToolName(entry.name),
        title: entry.title,
        description: mcpDescription(entry, price),
        inputSchema: withoutStreaming(entry.input) as McpObjectSchema,
        outputSchema: mcpOutputSchema(entry, price.pay_with.includes('x402')),
        annotations: mcpToolHints(entry),
        _meta: { [MCP_PRICE_META]: price },
        entry,
      };
    });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const catalogue: McpCatalogue = { tools, named: (name) => byName.get(name) };
  catalogues.set(deps.config, (catalogues.get(deps.config) ?? new Map()).set(x402, catalogue));
  return catalogue;
}

export function mcpToolName(registryName: string): string {
  return registryName.replace(/\//g, '_');
}

/**
 * A tool's description: its summary, then its price. A note (why this deployment cannot run it now) goes first, for
 * the model that reads the list, the summary cut shorter to make room for it.
 */
export function mcpDescription(entry: WorkflowToolEntry, price: McpPrice, note?: string): string {
  // Some of the summary always stays: a tool's name alone does not say what it does.
  const summary = shortSummary(entry.summary, note ? Math.max(60, SUMMARY_MAX - note.length - 1) : SUMMARY_MAX);
  return `${note ? `${note} ` : ''}${summary} ${priceNote(entry, price)}`;
}

/** The summary, cut after its last whole sentence or clause that fits when it is long. */
function shortSummary(summary: string, max: number): string {
  const text = summary.trim().replace(/[.;:]?$/, '.');
  if (text.length <= max) return text;
  const head = text.slice(0, max);
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
