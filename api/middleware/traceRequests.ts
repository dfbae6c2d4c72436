import { context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { RequestState } from '../deps';

/**
 * The root span of a call's trace: each request, named by method and the route that answered (its registry path,
 * never the raw URL), active while the request runs so the workflow the call starts (the Temporal client
 * interceptor) and everything after it joins the same trace. Installed only when tracing is on.
 */
export function traceRequests(tracer: Tracer): Middleware<RequestState> {
  return async (ctx, next) => {
    const span = tracer.startSpan(`${ctx.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } });
    try {
      await context.with(trace.setSpan(context.active(), span), next);
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const route = typeof matched === 'string' ? matched : undefined;
      if (route) span.updateName(`${ctx.method} ${route}`).setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.state.requestId) span.setAttribute('toolgate.request_id', ctx.state.requestId);
      if (ctx.state.tool) span.setAttribute('toolgate.tool', ctx.state.tool);
      // Server errors only: a 4xx is the caller's, and the request itself went as it should.
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
