import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type { OpenTelemetryWorkflowExporter } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import type { InjectedSink, WorkerInterceptors } from '@temporalio/worker';
import { traceUpstreamRequests } from '../../activities/calls/upstreamRequests';
import type { Tracing } from '../../core/tracing/tracing';

/** The Temporal SDK's workflow interceptors (a span per workflow run and per activity it schedules), bundled with the workflows. */
const WORKFLOW_INTERCEPTORS = require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

export interface WorkerTracing {
  readonly interceptors: WorkerInterceptors;
  readonly sinks: { readonly exporter: InjectedSink<OpenTelemetryWorkflowExporter> };
}

/**
 * What a worker adds when tracing is on: the SDK's interceptors (the workflow run and the activities it schedules
 * join the trace their client started, carried in Temporal's headers), the sink that hands the workflow's spans out of
 * its sandbox to this process's processor, and a client span for each request a tool makes to a model provider or a
 * data upstream, under its activity's span.
 */
export function workerTracing(tracing: Tracing): WorkerTracing {
  traceUpstreamRequests((kind, upstream, attributes) => {
    const span = tracing.tracer.startSpan(`${kind} ${upstream}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'toolgate.upstream.kind': kind, 'toolgate.upstream': upstream, ...attributes },
    });
    return {
      end(outcome, more) {
        if (more) span.setAttributes(more);
        if (outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      },
    };
  });
  return {
    interceptors: {
      workflowModules: [WORKFLOW_INTERCEPTORS],
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer: tracing.tracer }),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    // Typed for OpenTelemetry 1.x, which the sink only hands spans to: workflowSpans() takes them as they come.
    sinks: { exporter: makeWorkflowExporter(...([workflowSpans(tracing.processor), tracing.resource] as unknown as Parameters<typeof makeWorkflowExporter>)) },
  };
}

/** A workflow span as the sandbox serialises it: OpenTelemetry 1.x's shape (the SDK's interceptors bundle 1.x). */
type SandboxSpan = ReadableSpan & { readonly parentSpanId?: string; readonly instrumentationLibrary?: ReadableSpan['instrumentationScope'] };

/**
 * The workflow's spans into this process's 2.x processor: 2.x names the parent by its whole context and the scope
 * `instrumentationScope`, where the sandbox's 1.x spans carry `parentSpanId` and `instrumentationLibrary`; unchanged,
 * the exporter would send them parentless, as roots of traces of their own.
 */
function workflowSpans(processor: SpanProcessor): SpanProcessor {
  return {
    onStart: () => undefined,
    onEnd(span) {
      const { parentSpanId, instrumentationLibrary } = span as SandboxSpan;
      const own = span.spanContext();
      processor.onEnd({
        ...span,
        spanContext: () => own,
        parentSpanContext: span.parentSpanContext ?? (parentSpanId ? { traceId: own.traceId, spanId: parentSpanId, traceFlags: own.traceFlags } : undefined),
        instrumentationScope: span.instrumentationScope ?? instrumentationLibrary ?? { name: '@temporalio/interceptor-workflow' },
      });
    },
    forceFlush: () => processor.forceFlush(),
    shutdown: () => processor.shutdown(),
  };
}
