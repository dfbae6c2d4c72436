import { listPriceOf } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import { docsAnchor } from './docsPage';

/** GET /llms.txt (llmstxt.org): what the service is and every endpoint, for a model to read. */
export function llmsTxt(config: Config): string {
  const base = config.publicBaseUrl;
  const sections = new Map<string, string[]>();
  for (const e of registry) {
    const price = e.price > 0 ? ` ($${microsToUsd(listPriceOf(e, config))}${e.premium ? ', premium' : ''})` : ' (free)';
    (sections.get(e.category) ?? sections.set(e.category, []).get(e.category)!).push(
      `- [${e.method} ${e.path}](${base}/docs#${docsAnchor(e)}): ${e.summary}${price}`,
    );
  }
  return [
    '# toolgate',
    '',
    `> Pay-per-call AI tools, data lookups and agent infrastructure behind one HTTP API and an MCP server. Pay with a prepaid key (Authorization: Bearer apk_…), a USDC x402 micropayment per call (${config.x402Network}), or the free tier (${config.freeTierDaily} AI calls a day).`,
    '',
    `Requests and responses are JSON. Every AI endpoint takes an optional \`model\` (auto, local or a provider model from ${base}/models). Errors carry \`error\` and a \`hint\`. The full contract: ${base}/openapi.json.`,
    '',
    ...[...sections.entries()].flatMap(([category, lines]) => [`## ${category}`, '', ...lines, '']),
    '## Optional',
    '',
    `- [OpenAPI 3.1](${base}/openapi.json): every endpoint with its schemas`,
    `- [Catalogue](${base}/discover): the same as JSON`,
    `- [Buy credits](${base}/buy-credits): prices and ways to pay`,
    `- [MCP server](${base}/mcp): the paid tools over MCP (Streamable HTTP, POST only); send the key as Authorization: Bearer, or spend ${config.mcpFreeDaily} free calls a day`,
    '',
  ].join('\n');
}
