import { registry } from '../../schema/registry';
import { openApiPath } from './openApiDocument';

/** Where the old anchors (`/docs#<tool name>`, used by error bodies and llms.txt) lead in the reference. */
const anchors = Object.fromEntries(registry.map((e) => [e.name, { tag: e.category, method: e.method, path: openApiPath(e.path) }]));

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
</head><body>
<div id="app"></div>
<script src="assets/api-reference.js"></script>
<script>
  const anchors = ${JSON.stringify(anchors).replace(/</g, '\\u003c')};
  const old = anchors[decodeURIComponent(location.hash.slice(1))];
  if (old) history.replaceState(null, '', '#tag/' + encodeURIComponent(old.tag) + '/' + old.method + old.path);
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
    metaData: { title: 'toolgate API reference' },
    agent: { disabled: true },
  });
</script>
</body></html>`;
}
