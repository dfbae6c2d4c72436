import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { NotFound } from '../errors/httpErrors';
import { type InlineHandler, TextBody } from '../inline/inlineHandler';

/** The scripts the pages load, by the name in /assets/<name>: from installed npm packages (no CDN) or our own. */
const SOURCES: Readonly<Record<string, () => string>> = {
  'api-reference.js': () => require.resolve('@scalar/api-reference/browser/standalone.js'),
  'chart.js': () => path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
  'dashboard.js': () => path.join(__dirname, '..', 'accounts', 'browser', 'dashboard.js'),
};

interface Asset {
  readonly plain: Buffer;
  readonly gzipped: Buffer;
}
const loaded = new Map<string, Asset>();

/** Read and compressed once per process: the files do not change while it runs (the reference renderer is 3.5 MB). */
function asset(name: string): Asset {
  let found = loaded.get(name);
  if (!found) {
    const plain = readFileSync(SOURCES[name]!());
    loaded.set(name, (found = { plain, gzipped: gzipSync(plain) }));
  }
  return found;
}

/** GET /assets/:file — a page's script, compressed when the browser accepts gzip, cached by it for an hour. */
export const browserAssets: InlineHandler = (_input, { params, header, setHeader, docs }) => {
  const name = params.file ?? '';
  if (!Object.hasOwn(SOURCES, name)) throw new NotFound(`no asset named ${name}`, `One of: ${Object.keys(SOURCES).join(', ')}.`, docs);
  const { plain, gzipped } = asset(name);
  setHeader('Cache-Control', 'public, max-age=3600');
  setHeader('Vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(header('Accept-Encoding'))) return new TextBody('text/javascript; charset=utf-8', plain);
  setHeader('Content-Encoding', 'gzip');
  return new TextBody('text/javascript; charset=utf-8', gzipped);
};
