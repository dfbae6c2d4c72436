import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page as the site serves it: a body with its type, or a redirect. */
export type SitePage = { readonly type?: string; readonly body: string | Buffer; readonly status?: number } | { readonly redirect: string };

/**
 * A small website on loopback for scraping tests: fixed pages (a function may build a page from the site's own
 * address), everything else 404. It records every path it served, so a test can tell what was (never) fetched.
 */
export class SiteServer {
  readonly served: string[] = [];
  private server!: http.Server;
  base = '';

  static async start(pages: (base: string) => Record<string, SitePage>): Promise<SiteServer> {
    const site = new SiteServer();
    site.server = http.createServer((request, response) => {
      const path = request.url ?? '/';
      site.served.push(path);
      const page = pages(site.base)[path];
      if (!page) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not here');
      if ('redirect' in page) return void response.writeHead(302, { Location: page.redirect }).end();
      response.writeHead(page.status ?? 200, { 'Content-Type': page.type ?? 'text/html; charset=utf-8' }).end(page.body);
    });
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    site.base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    return site;
  }

  /** How many times a path was served. */
  hits(path: string): number {
    return this.served.filter((p) => p === path).length;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A page of text with links, long enough for readability to treat it as an article. */
export function linkedPage(title: string, links: readonly string[]): string {
  const prose =
    `${title} is a page of the test site. It has enough words in its paragraphs for a reader to find its main content, and it links onwards. `.repeat(3);
  return `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${prose}</p><ul>${links
    .map((href) => `<li><a href="${href}">${href}</a></li>`)
    .join('')}</ul></article></body></html>`;
}
