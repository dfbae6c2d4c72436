import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { RequestState } from '../deps';

/**
 * The root span of a call's trace here: each request, named by method and the route that answered (its registry path,
 * never the raw URL), active while the request runs so the workflow the call starts (the Temporal client
 * interceptor) and everything after it joins the same trace. A caller's W3C `traceparent` makes it a child of the
 * caller's span, in the caller's trace; `traceresponse` (W3C Trace Context level 2) names the trace and this span
 * back, so a caller without a trace of its own can still find its call. Installed only when tracing is on.
 */
export function traceRequests(tracer: Tracer): Middleware<RequestState> {
  return async (ctx, next) => {
    const caller = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const span = tracer.startSpan(`${ctx.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } }, caller);
    // Before the answer (a stream sends its headers early) and again after it: an error's answer is written afresh.
    ctx.set('traceresponse', traceResponse(span));
    try {
      await context.with(trace.setSpan(context.active(), span), next);
    } finally {
      if (!ctx.headerSent) ctx.set('traceresponse', traceResponse(span));
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

/** `traceresponse: 00-<trace id>-<span id>-<flags>`: the trace this request is in and its span there. */
function traceResponse(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}
