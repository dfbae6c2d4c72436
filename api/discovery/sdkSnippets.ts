import type { Config } from '../../schema/config';
import { takesBody } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import { isFreeEndpoint } from './freeEndpoint';

export const SDK_LANGUAGES = ['curl', 'python', 'javascript'] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

const exampleOf = (entry: ToolEntry): Record<string, unknown> => entry.example ?? {};

/** Ready-to-run snippets for one endpoint, built from its registry example. */
export function sdkSnippet(config: Config, entry: ToolEntry, language: SdkLanguage): string {
  const url = `${config.publicBaseUrl}${entry.path}`;
  const body = JSON.stringify(exampleOf(entry));
  const query =
    entry.method === 'GET' ? new URLSearchParams(Object.entries(exampleOf(entry)).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  const target = query ? `${url}?${query}` : url;
  const keyed = !isFreeEndpoint(entry);
  switch (language) {
    case 'curl':
      return [
        entry.method === 'GET' ? `curl '${target}'` : `curl -X ${entry.method} '${url}'`,
        ...(keyed ? ['-H "Authorization: Bearer $API_KEY"'] : []),
        ...(takesBody(entry) ? ["-H 'Content-Type: application/json'", `-d '${body.replace(/'/g, "'\\''")}'`] : []),
      ].join(' \\\n  ');
    case 'python': {
      const headers = keyed ? ', headers={"Authorization": f"Bearer {os.environ[\'API_KEY\']}"}' : '';
      const json = body
        .replace(/\btrue\b/g, 'True')
        .replace(/\bfalse\b/g, 'False')
        .replace(/\bnull\b/g, 'None');
      return [
        keyed ? 'import os, requests' : 'import requests',
        '',
        entry.method === 'GET'
          ? `response = requests.get(${JSON.stringify(target)}${headers})`
          : `response = requests.${entry.method.toLowerCase()}(${JSON.stringify(url)}${takesBody(entry) ? `, json=${json}` : ''}${headers})`,
        'response.raise_for_status()',
        'print(response.json())',
      ].join('\n');
    }
    case 'javascript': {
      const headers = [
        ...(keyed ? ['Authorization: `Bearer ${process.env.API_KEY}`'] : []),
        ...(takesBody(entry) ? ["'Content-Type': 'application/json'"] : []),
      ];
      return [
        `const response = await fetch(${JSON.stringify(entry.method === 'GET' ? target : url)}, {`,
        `  method: '${entry.method}',`,
        ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
        ...(takesBody(entry) ? [`  body: JSON.stringify(${body}),`] : []),
        '});',
        'console.log(await response.json());',
      ].join('\n');
    }
  }
}
