import { readScreenshot } from '../../core/data/readScreenshot';
import { NotFound } from '../errors/httpErrors';
import { BinaryBody, type InlineHandler } from '../inline/inlineHandler';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * GET /data/screenshot/{id}: a stored screenshot's PNG. The id is the image's SHA-256, so the bytes behind it never
 * change and may be cached for good; knowing the id (from the call that took it) is what grants access.
 */
export const serveScreenshot: InlineHandler = async (_input, { deps, params, docs, setHeader }) => {
  const id = params.id ?? '';
  const png = SHA256_HEX.test(id) ? await readScreenshot(deps.store.db, id) : null;
  if (!png) throw new NotFound(`no screenshot with id ${id}`, null, docs).withFields({ hint: 'Use the screenshot_url a /data/screenshot call answered with.' });
  setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  return new BinaryBody('image/png', png);
};
