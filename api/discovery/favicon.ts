import { type InlineHandler, TextBody } from '../inline/inlineHandler';

/**
 * The site's icon: a white "t" on a blue rounded square, as SVG (Chrome, Firefox and Safari take an SVG at
 * /favicon.ico when it is served as image/svg+xml). Every page links it; a browser that asks /favicon.ico without a
 * link gets the same.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>toolgate</title><rect width="32" height="32" rx="7" fill="#1f5fbf"/><path d="M13 7v15.5c0 2.5 1.4 3.5 3.6 3.5H21M8.5 12.5H21" fill="none" stroke="#fff" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;

/** The `<link>` every page's head carries, so the browser finds the icon without asking for it blind. */
export const FAVICON_LINK = '<link rel="icon" href="/favicon.ico" type="image/svg+xml">';

/** GET /favicon.ico: the icon, free and without a key, cached by browsers and proxies for a day. */
export const favicon: InlineHandler = (_input, { setHeader }) => {
  setHeader('Cache-Control', 'public, max-age=86400');
  return new TextBody('image/svg+xml', FAVICON_SVG);
};
