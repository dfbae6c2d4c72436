import { registry } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import { openApiPath } from './openApiDocument';
import { FAVICON_LINK } from './favicon';

/**
 * An operation's anchor in the reference, as Scalar makes it: `tag/<tag>/<METHOD><path>` (its navigation id without
 * the document's prefix; the path as the OpenAPI document writes it, braces and all). Tags are the registry's
 * categories, which are already slugs. Braces are escaped for the URL; Scalar decodes the hash before looking it up.
 */
export function docsAnchor(entry: Pick<ToolEntry, 'category' | 'method' | 'path'>): string {
  return encodeURI(`tag/${entry.category}/${entry.method}${openApiPath(entry.path)}`);
}

/** Where the short anchors (`/docs#<tool name>`, used by error bodies and the dashboard) lead in the reference. */
const anchors = Object.fromEntries(registry.map((e) => [e.name, docsAnchor(e)]));

/**
 * GET /docs: the interactive API reference (Scalar, served from its npm package through /assets, no CDN) of
 * /openapi.json. "Try it" sends requests to this service with the key entered in its authentication box, which
 * starts from the key the dashboard keeps in this browser; free endpoints declare no security, so their examples
 * carry no key. Scalar's web fonts and telemetry are off: the page loads nothing from elsewhere.
 */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>toolgate API reference</title>
${FAVICON_LINK}
</head><body>
<div id="app"></div>
<script src="assets/api-reference.js"></script>
<script>
  const anchors = ${JSON.stringify(anchors).replace(/</g, '\\u003c')};
  const short = anchors[decodeURIComponent(location.hash.slice(1))];
  if (short) history.replaceState(null, '', '#' + short);
  Scalar.createApiReference('#app', {
    url: 'openapi.json',
    servers: [{ url: location.origin, description: 'This service' }],
    authentication: {
      preferredSecurityScheme: 'bearerKey',
      securitySchemes: { bearerKey: { token: localStorage.getItem('toolgate.apiKey') || '' } },
    },
    persistAuth: true,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    // The registry's order: a tool's own fields first, then the aliases it also accepts (alphabetical mixed them).
    orderSchemaPropertiesBy: 'preserve',
    metaData: { title: 'toolgate API reference' },
    agent: { disabled: true },
  });
</script>
</body></html>`;
}
