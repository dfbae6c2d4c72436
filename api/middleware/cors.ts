import koaCors from '@koa/cors';
import type { Middleware } from 'koa';
import { registry } from '../../schema/registry';
import type { RequestState } from '../deps';

/** What a browser page may send: the credentials and options this API reads, each named (a `*` does not cover Authorization). */
const ALLOWED_HEADERS = [
  'Authorization',
  'X-API-Key',
  'PAYMENT-SIGNATURE',
  'X-PAYMENT',
  'SIGN-IN-WITH-X',
  'X-Request-Id',
  'Idempotency-Key',
  'X-Pricing',
  'X-Admin-Token',
  'Content-Type',
  'Content-Encoding',
  'anthropic-version',
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Last-Event-ID',
  // Any other header too (the OpenAI and Anthropic SDKs add their own x-stainless-*): it gives a page nothing curl lacks.
  '*',
];

/** What a browser page may read of an answer, beyond the few headers browsers always show. */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'request-id',
  'X-API-Version',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'x-should-retry',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
  'Idempotent-Replayed',
  'Allow',
  'ETag',
  'Content-Disposition',
  'Mcp-Session-Id',
  // This service's time and its upstream's (serverTiming), which a page may want to show or log.
  'Server-Timing',
  // The trace a request is in, when tracing is on (traceRequests).
  'traceresponse',
];

/** Every method a route of the registry answers (PATCH /auth/keys/{id} among them), and HEAD and the MCP session's. */
const ALLOWED_METHODS = [...new Set(['GET', 'HEAD', 'POST', 'DELETE', ...registry.map((entry) => entry.method)])];

/** How long a browser may reuse a preflight's answer: two hours, the most Chromium keeps one. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * Cross-origin calls from browser apps (@koa/cors): every answer, errors included, says which origins may read it, and
 * a preflight (OPTIONS with Access-Control-Request-Method) is answered 204 before rate limits or credentials are looked
 * at. `*` (the default) is safe here because nothing rides on cookies: a key or a payment travels in a header the calling
 * page must set itself, so a page elsewhere can spend only what its own user hands it. Credentialed CORS (cookies) is
 * never allowed. With a list of origins, a listed one is echoed back and any other gets no CORS headers (the browser
 * then refuses to show the answer).
 */
export function cors(origins: readonly string[]): Middleware<RequestState> {
  const anyOrigin = origins.includes('*');
  const listed = new Set(origins);
  const answerCors = koaCors({
    origin: (ctx) => (anyOrigin ? '*' : listed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ALLOWED_METHODS,
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
  }) as Middleware<RequestState>;
  return async (ctx, next) => {
    // The Performance API shows a page Server-Timing's entries only where Timing-Allow-Origin lets it (as CORS does headers).
    const origin = ctx.get('Origin');
    if (origin && (anyOrigin || listed.has(origin))) ctx.set('Timing-Allow-Origin', anyOrigin ? '*' : origin);
    return answerCors(ctx, next);
  };
}
