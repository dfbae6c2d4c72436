import type { Config } from '../../schema/config';
import { registry } from '../../schema/registry';
import { HtmlPage, type InlineHandler } from '../inline/inlineHandler';
import { API_VERSION } from '../middleware/versionHeaders';
import { FAVICON_LINK } from './favicon';

const DESCRIPTION =
  'Pay-per-call AI tools, data lookups, web search and agent infrastructure behind one HTTP API, an MCP server and an A2A agent. Pay each call with a prepaid key, a USDC micropayment (x402), or within a small free tier.';

interface Door {
  readonly name: string;
  readonly path: string;
  readonly says: string;
}

/** The parts a newcomer looks for, in the order the page lists them; each is shown only where this service serves it. */
const DOORS: readonly Door[] = [
  { name: 'docs', path: '/docs', says: 'API reference: every endpoint with its fields, examples and "Test Request"' },
  { name: 'openapi', path: '/openapi.json', says: 'OpenAPI 3.1 document, for code generators and clients' },
  { name: 'llms_txt', path: '/llms.txt', says: 'The service described for language models (llms.txt)' },
  { name: 'catalogue', path: '/discover', says: 'Catalogue as JSON: endpoints by category, prices, ways to pay' },
  { name: 'dashboard', path: '/dashboard', says: "Usage dashboard: a key's balance, calls and spend" },
  { name: 'buy_credits', path: '/buy-credits', says: 'Prices and how to pay: trial key, USDC credit, pay per call' },
  { name: 'status', path: '/status', says: 'Service status and limits' },
  { name: 'mcp', path: '/mcp', says: 'MCP server (Streamable HTTP, POST): the paid tools for MCP hosts' },
  { name: 'a2a_agent_card', path: '/.well-known/agent-card.json', says: 'A2A agent card: the tools as skills for A2A agents' },
];

/** The guides, in the repository beside the README (docs/): one an audience, so a reader finds theirs from here. */
export const GUIDES = [
  { name: 'callers', path: 'docs/callers.md', says: 'Calling it: keys, prices, errors, idempotency, streaming, every family of tools' },
  { name: 'agents_and_payments', path: 'docs/agents-and-payments.md', says: 'x402, MCP, A2A, the agent network, custom agents, keys an account manages' },
  { name: 'operating', path: 'docs/operating.md', says: 'Running it: Temporal, monitoring, audit, upgrading, the production build and Docker' },
  { name: 'configuration', path: 'docs/configuration.md', says: 'Every setting, its default and its meaning' },
  { name: 'contributing', path: 'docs/contributing.md', says: 'The architecture, tests, CI and benchmarks, what is not there yet' },
] as const;

/** MCP is served beside the registry's routes; every other door must be a GET route of the registry. */
const served = new Set(['/mcp', ...registry.filter((e) => e.method === 'GET').map((e) => e.path)]);

/** The doors this deployment has; the A2A card is at A2A 1.0's address when served there, else at the older one. */
function doors(): Door[] {
  return DOORS.map((door) => (door.name === 'a2a_agent_card' && !served.has(door.path) ? { ...door, path: '/.well-known/agent.json' } : door)).filter((door) =>
    served.has(door.path),
  );
}

/** GET / as JSON: what the service is and where each part is. */
export function frontDoorLinks(config: Config) {
  return {
    service: 'toolgate',
    description: DESCRIPTION,
    version: API_VERSION,
    links: Object.fromEntries(doors().map((door) => [door.name, `${config.publicBaseUrl}${door.path}`])),
    guides: Object.fromEntries(GUIDES.map((guide) => [guide.name, guide.path])),
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function frontDoorPage(config: Config): string {
  const base = escape(config.publicBaseUrl);
  const items = doors()
    .map((door) => `<li><a href="${base}${escape(door.path)}"><code>${escape(door.path)}</code></a> ${escape(door.says)}</li>`)
    .join('\n');
  const guides = GUIDES.map((guide) => `<li><code>${escape(guide.path)}</code> ${escape(guide.says)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>toolgate</title>
${FAVICON_LINK}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{margin:.3rem 0}code,pre{background:#f4f4f4;padding:.1rem .3rem}pre{padding:.6rem;overflow:auto}</style>
</head><body>
<h1>toolgate</h1>
<p>${escape(DESCRIPTION)}</p>
<ul>
${items}
</ul>
<h2>First call</h2>
<pre>curl -X POST ${base}/sentiment -H 'Content-Type: application/json' -d '{"text":"I love it"}'</pre>
<p>Free for ${config.freeTierDaily} AI calls a day; then get a key with trial credit (<code>POST /auth/generate-key</code>) or pay the 402 with x402. The same links as JSON: <code>curl -H 'Accept: application/json' ${base}/</code>.</p>
<h2>Guides</h2>
<p>In the repository, beside its README:</p>
<ul>
${guides}
</ul>
</body></html>`;
}

/** GET /: the page for a browser (its Accept names HTML), the links as JSON for a program (or anything that takes any type). */
export const frontDoor: InlineHandler = (_input, { deps, accepts, setHeader }) => {
  setHeader('Vary', 'Accept');
  return accepts('json', 'html') === 'html' ? new HtmlPage(frontDoorPage(deps.config)) : frontDoorLinks(deps.config);
};
