import type { Config } from '../../schema/config';
import { registry } from '../../schema/registry';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** GET /sitemap.xml: the readable pages and every GET endpoint without parameters. */
export function sitemap(config: Config): string {
  const base = config.publicBaseUrl;
  const pages = [
    '/docs',
    '/buy-credits',
    '/openapi.json',
    '/llms.txt',
    '/discover',
    ...registry.filter((e) => e.method === 'GET' && !/[:{]/.test(e.path)).map((e) => e.path),
  ];
  const urls = [...new Set(pages)].map((p) => `  <url><loc>${escape(base + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
