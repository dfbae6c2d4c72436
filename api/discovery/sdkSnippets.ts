import type { Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry/types';

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
  switch (language) {
    case 'curl':
      return entry.method === 'GET'
        ? `curl '${target}' -H "Authorization: Bearer $API_KEY"`
        : `curl -X POST '${url}' \\\n  -H "Authorization: Bearer $API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
    case 'python':
      return [
        'import os, requests',
        '',
        entry.method === 'GET'
          ? `response = requests.get(${JSON.stringify(target)}, headers={"Authorization": f"Bearer {os.environ['API_KEY']}"})`
          : `response = requests.post(${JSON.stringify(url)}, json=${body
              .replace(/\btrue\b/g, 'True')
              .replace(/\bfalse\b/g, 'False')
              .replace(/\bnull\b/g, 'None')}, headers={"Authorization": f"Bearer {os.environ['API_KEY']}"})`,
        'response.raise_for_status()',
        'print(response.json())',
      ].join('\n');
    case 'javascript':
      return [
        `const response = await fetch(${JSON.stringify(entry.method === 'GET' ? target : url)}, {`,
        `  method: '${entry.method}',`,
        `  headers: { Authorization: \`Bearer \${process.env.API_KEY}\`${entry.method === 'POST' ? ", 'Content-Type': 'application/json'" : ''} },`,
        ...(entry.method === 'POST' ? [`  body: JSON.stringify(${body}),`] : []),
        '});',
        'console.log(await response.json());',
      ].join('\n');
  }
}
