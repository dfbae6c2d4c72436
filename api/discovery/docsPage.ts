import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { JsonSchema } from '../../schema/registry/types';
import { sdkSnippet } from './sdkSnippets';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const anchorOf = (name: string) => name.replace(/\//g, '-');

function fieldRows(schema: JsonSchema, aliases: Readonly<Record<string, string>> = {}): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .map(([name, field]) => {
      const type = Array.isArray(field.enum) ? (field.enum as unknown[]).join(' | ') : JSON.stringify(field.type ?? 'any');
      const alias = Object.entries(aliases)
        .filter(([, c]) => c === name)
        .map(([a]) => a);
      return `<tr><td><code>${escape(name)}</code>${required.has(name) ? ' *' : ''}${alias.length ? ` (or ${alias.map((a) => `<code>${escape(a)}</code>`).join(', ')})` : ''}</td><td>${escape(type)}</td><td>${escape(String(field.description ?? ''))}</td></tr>`;
    })
    .join('');
}

/** GET /docs: every endpoint, grouped by category, with its fields, price and a curl example. */
export function docsPage(config: Config): string {
  const categories = [...new Set(registry.map((e) => e.category))];
  const sections = categories
    .map((category) => {
      const entries = registry.filter((e) => e.category === category);
      return `<h2 id="${escape(category)}">${escape(category)}</h2>\n${entries
        .map(
          (e) => `<section id="${escape(anchorOf(e.name))}"><h3><code>${e.method} ${escape(e.path)}</code></h3>
<p>${escape(e.summary)}. <strong>${e.price > 0 ? `$${microsToUsd(e.price)} a call` : 'free'}</strong>${e.premium ? ' · premium' : ''}${e.freeTier ? ' · in the free tier' : ''}</p>
${Object.keys((e.input.properties ?? {}) as object).length ? `<table><tr><th>field</th><th>type</th><th></th></tr>${fieldRows(e.input, e.aliases)}</table>` : ''}
<pre>${escape(sdkSnippet(config, e, 'curl'))}</pre></section>`,
        )
        .join('\n')}`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>toolgate API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}pre,code{background:#f4f4f4}pre{padding:.5rem;overflow:auto}table{border-collapse:collapse}td,th{border-top:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}section{margin-bottom:1.5rem}</style>
</head><body>
<h1>toolgate API</h1>
<p>Every endpoint below, generated from the same registry that routes, validates and prices calls. Machine-readable: <a href="${escape(config.publicBaseUrl)}/openapi.json">OpenAPI 3.1</a>, <a href="${escape(config.publicBaseUrl)}/discover">catalogue</a>, <a href="${escape(config.publicBaseUrl)}/llms.txt">llms.txt</a>. Pay with a key, x402 or the free tier: <a href="${escape(config.publicBaseUrl)}/buy-credits">buy credits</a>.</p>
<p>Jump to: ${categories.map((c) => `<a href="#${escape(c)}">${escape(c)}</a>`).join(' · ')}</p>
${sections}
</body></html>`;
}
