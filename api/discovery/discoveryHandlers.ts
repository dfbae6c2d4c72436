import type { Config } from '../../schema/config';
import { byName } from '../../schema/registry';
import { toolAvailability } from '../availability/toolAvailability';
import { BadRequest } from '../errors/httpErrors';
import { HtmlPage, TextBody, type FamilyHandlers } from '../inline/inlineHandler';
import { browserAssets } from './browserAssets';
import { discoverCatalogue } from './discoverCatalogue';
import { docsPage } from './docsPage';
import { endpointList } from './endpointList';
import { executeEndpoint } from './executeEndpoint';
import { favicon } from './favicon';
import { frontDoor } from './frontDoor';
import { llmsTxt } from './llmsTxt';
import { withAvailability } from './openApiAvailability';
import { openApiDocument } from './openApiDocument';
import { type SdkLanguage, sdkSnippet } from './sdkSnippets';
import { sitemap } from './sitemap';
import { discoveryResources, wellKnownX402 } from './x402Resources';
import type { discoveryTools } from '../../schema/discovery/discoveryTools';

/** The OpenAPI document is built once per configuration: neither it nor the registry changes while the process runs. */
const documents = new WeakMap<Config, Record<string, unknown>>();
function openApiFor(config: Config): Record<string, unknown> {
  let document = documents.get(config);
  if (!document) documents.set(config, (document = openApiDocument(config)));
  return document;
}

export const discoveryHandlers: FamilyHandlers<typeof discoveryTools> = {
  home: frontDoor,
  'openapi.json': async (_input, { deps }) => withAvailability(openApiFor(deps.config), await toolAvailability(deps)),
  discover: async (_input, { deps }) => discoverCatalogue(deps.config, await toolAvailability(deps)),
  'discover/endpoints': (_input, { deps, state }) => endpointList(deps, state),
  execute: executeEndpoint,
  'llms.txt': (_input, { deps }) => new TextBody('text/plain; charset=utf-8', llmsTxt(deps.config)),
  '.well-known/x402.json': (_input, { deps }) => wellKnownX402(deps),
  'discovery/resources': (input, { deps }) => discoveryResources(deps, input as { type?: string; limit?: number; offset?: number }),
  'sitemap.xml': (_input, { deps }) => new TextBody('application/xml; charset=utf-8', sitemap(deps.config)),
  docs: () => new HtmlPage(docsPage()),
  assets: browserAssets,
  'favicon.ico': favicon,
  'sdk/code': (input, { deps, docs }) => {
    const path = String(input.endpoint ?? '/sentiment');
    const entry = [...byName.values()].find((e) => e.path === path || e.name === path.replace(/^\//, ''));
    if (!entry) throw new BadRequest(`no endpoint ${path}`, 'Pass endpoint as a path from /discover, e.g. /sentiment.', docs);
    const lang = String(input.lang ?? 'curl') as SdkLanguage;
    return { endpoint: entry.path, lang, code: sdkSnippet(deps.config, entry, lang) };
  },
};
