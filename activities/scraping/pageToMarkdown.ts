import { gfm } from '@joplin/turndown-plugin-gfm';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface PageLink {
  readonly text: string;
  readonly url: string;
}

/** A page read for people: its main content as markdown, and what the page says about itself. */
export interface ReadablePage {
  readonly title: string;
  readonly byline: string | null;
  readonly excerpt: string | null;
  readonly siteName: string | null;
  readonly lang: string | null;
  readonly markdown: string;
  readonly wordCount: number;
  /** The main content's links, absolute, in order, without repeats. */
  readonly links: readonly PageLink[];
  /** Every http(s) link of the whole page (navigation included): what a crawl follows. */
  readonly pageLinks: readonly string[];
}

/** Elements that carry no readable content; linkedom never runs scripts, this only keeps their text out. */
const NOISE = 'script, style, noscript, template, iframe, object, embed, svg, canvas';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
turndown.use(gfm);
turndown.remove(['script', 'style', 'noscript', 'template', 'iframe']);

/**
 * HTML to readable markdown. The DOM is linkedom's, which parses and never executes anything; relative links are
 * made absolute against the page's address (or its <base href>) before @mozilla/readability picks the main
 * content; turndown writes the markdown, tables as GFM tables. A page too thin for readability keeps its body.
 */
export function pageToMarkdown(html: string, pageUrl: string): ReadablePage {
  const { document } = parseHTML(html);
  for (const element of [...document.querySelectorAll(NOISE)]) element.remove();
  const base = baseUrlOf(document.querySelector('base[href]')?.getAttribute('href'), pageUrl);
  absolutize(document, base);
  const pageLinks = uniqueLinks([...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''));
  const documentTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  const lang = document.documentElement?.getAttribute('lang') || null;
  const bodyHtml = document.body?.innerHTML ?? html;

  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  const contentHtml = article?.content || bodyHtml;
  const markdown = turndown
    .turndown(contentHtml)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const { document: content } = parseHTML(`<!doctype html><html><body>${contentHtml}</body></html>`);
  const links = contentLinks(content);
  const text = article?.textContent ?? content.body?.textContent ?? '';
  return {
    title: (article?.title || documentTitle || firstHeading(content) || '').trim(),
    byline: clean(article?.byline),
    excerpt: clean(article?.excerpt),
    siteName: clean(article?.siteName),
    lang: clean(article?.lang) ?? lang,
    markdown,
    wordCount: countWords(text),
    links,
    pageLinks,
  };
}

/** Plain text is its own markdown. */
export function textToPage(text: string, pageUrl: string): ReadablePage {
  const markdown = text.trim();
  const firstLine = markdown.split('\n', 1)[0]?.slice(0, 200) ?? '';
  return {
    title: firstLine || pageUrl,
    byline: null,
    excerpt: null,
    siteName: null,
    lang: null,
    markdown,
    wordCount: countWords(markdown),
    links: [],
    pageLinks: [],
  };
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

function baseUrlOf(baseHref: string | null | undefined, pageUrl: string): string {
  if (!baseHref) return pageUrl;
  try {
    return new URL(baseHref, pageUrl).toString();
  } catch {
    return pageUrl;
  }
}

type Doc = ReturnType<typeof parseHTML>['document'];

function absolutize(document: Doc, base: string): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
    ['source[src]', 'src'],
    ['video[src]', 'src'],
    ['audio[src]', 'src'],
  ] as const) {
    for (const element of [...document.querySelectorAll(selector)]) {
      const value = element.getAttribute(attribute) ?? '';
      const absolute = absoluteUrl(value, base);
      if (absolute) element.setAttribute(attribute, absolute);
      else if (attribute === 'href') element.removeAttribute('href'); // javascript:, data: … are not links to keep
    }
    for (const element of [...document.querySelectorAll('[srcset]')]) element.removeAttribute('srcset');
  }
}

/** An absolute http(s), mailto or in-page address, or null for anything a reader cannot follow (javascript:, data: …). */
function absoluteUrl(value: string, base: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
}

function contentLinks(document: Doc): PageLink[] {
  const seen = new Set<string>();
  const links: PageLink[] = [];
  for (const anchor of [...document.querySelectorAll('a[href]')]) {
    const url = anchor.getAttribute('href') ?? '';
    if (!/^https?:/.test(url) || seen.has(url)) continue;
    seen.add(url);
    links.push({ text: (anchor.textContent ?? '').replace(/\s+/g, ' ').trim(), url });
  }
  return links;
}

function uniqueLinks(hrefs: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const href of hrefs) {
    if (!/^https?:/.test(href)) continue;
    const url = new URL(href);
    url.hash = '';
    seen.add(url.toString());
  }
  return [...seen];
}

function firstHeading(document: Doc): string | undefined {
  return document.querySelector('h1, h2')?.textContent?.trim();
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
}
