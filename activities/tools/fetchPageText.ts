import { convert } from 'html-to-text';
import { readLimited, type SafeFetch } from '../../core/net/safeFetch';
import { callerUrlFailure } from './callerUrlFailure';
import { invalidInput, upstreamFailure } from '../../core/calls/callFailures';

const HTML = new Set(['text/html', 'application/xhtml+xml']);
const PLAIN = new Set(['text/plain', 'text/markdown', 'text/csv']);
const HINT = 'Send the address of a public https web page (HTML or plain text), or send the text itself.';

/**
 * The readable text of the page a caller pointed a tool at: fetched through the outgoing-URL guard (https only, no
 * private or metadata addresses, after DNS and on every redirect) within a size limit, HTML turned into text
 * without scripts, styles, images or link targets. A bad address is the caller's error (400); a server error
 * upstream is retried, then 503; a server that cannot be reached is the upstream's fault (502/504).
 */
export async function fetchPageText(safeFetch: SafeFetch, url: string, maxBytes: number, signal?: AbortSignal): Promise<string> {
  let body: Buffer;
  let type: string;
  try {
    const response = await safeFetch(url, { headers: { accept: 'text/html, text/plain;q=0.9' }, ...(signal ? { signal } : {}) });
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status >= 500) throw upstreamFailure(`url answered HTTP ${response.status}`);
      throw invalidInput(`url answered HTTP ${response.status}`, HINT);
    }
    type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!HTML.has(type) && !PLAIN.has(type)) {
      await response.body?.cancel();
      throw invalidInput(`url is ${type || 'of no declared type'}, not a web page or text`, HINT);
    }
    body = await readLimited(response, maxBytes);
  } catch (error) {
    throw callerUrlFailure(error, 'url', url, HINT, signal);
  }
  const raw = body.toString('utf8');
  const text = HTML.has(type) ? pageText(raw) : raw.trim();
  if (!text) throw invalidInput('url has no readable text', HINT);
  return text;
}

function pageText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'nav', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
