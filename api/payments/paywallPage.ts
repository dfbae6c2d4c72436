import type { Middleware } from 'koa';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { PAYMENT_REQUIRED_HEADER } from '../../core/x402';
import { loadEvmPaywall } from '../../core/x402/paywallBundle';
import type { Config } from '../../schema/config';
import type { RequestState } from '../deps';

/** Networks the paywall is told are test networks (it then says so and logs what it was given). */
const TESTNETS = new Set(['eip155:84532']);

type PaymentRequired = { accepts: { network: string }[] } & Record<string, unknown>;

/**
 * A person in a browser who opens a paid GET endpoint gets the official x402 paywall (`@x402/paywall`: connect a
 * wallet, pay, see the answer) in place of the JSON 402; agents, whose Accept does not put HTML first, keep the JSON.
 * It is the same 402 (status, PAYMENT-REQUIRED header) with the page as its body, built from that header, so it offers
 * exactly what the JSON did. Outermost but for the request's bookkeeping, so it sees the 402 the errors middleware made.
 */
export function paywall(config: Config): Middleware<RequestState> {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 402 || ctx.method !== 'GET') return;
    const header = ctx.response.get(PAYMENT_REQUIRED_HEADER);
    ctx.vary('Accept');
    if (!header || ctx.accepts('application/json', 'text/html') !== 'text/html') return;
    const required = decodeBase64Json(header) as PaymentRequired;
    if (!required.accepts?.length) return;
    const html = paywallHtml(required, new URL(ctx.originalUrl, config.publicBaseUrl).href);
    // Without the page's bundle in .tools/ (an install that skipped its ensure step), the browser gets the JSON 402.
    if (html === null) return;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
}

/**
 * The page for one PaymentRequired, from the paywall's EVM handler (loaded when first asked: a 2 MB bundle, installed
 * into .tools/ apart from node_modules, core/x402/paywallBundle.ts; null when it is not there). The page
 * pays for the PaymentRequired's resource (the route) but must fetch the address the browser opened, query included
 * (a GET's input), which the handler does not take apart from the resource: that one value is set after it.
 */
export function paywallHtml(required: PaymentRequired, currentUrl: string): string | null {
  const evmPaywall = loadEvmPaywall();
  if (!evmPaywall) return null;
  // The paywall writes these values into a <script> as they are: no text in them may close it.
  const embedded = JSON.parse(JSON.stringify(required).replace(/[<>]/g, '')) as PaymentRequired & { resource?: { url?: string } };
  const network = embedded.accepts[0]!.network;
  const html = evmPaywall.generateHtml(embedded.accepts[0]!, embedded, { appName: 'toolgate', currentUrl, testnet: TESTNETS.has(network) });
  const written = `currentUrl: ${JSON.stringify(embedded.resource?.url ?? currentUrl)},`;
  if (!html.includes(written)) throw new Error('the x402 paywall page no longer names its URL as this version did');
  // A WHATWG-serialised URL holds no quote, backslash or angle bracket, so the JSON string is the script's literal.
  return html.replace(written, `currentUrl: ${JSON.stringify(currentUrl)},`);
}
