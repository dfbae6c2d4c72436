import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** This process's tracing: spans made with `tracer` (and by the Temporal SDK's interceptors) go to `processor`. */
export interface Tracing {
  readonly tracer: ReturnType<NodeTracerProvider['getTracer']>;
  readonly resource: Resource;
  readonly processor: SpanProcessor;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * Turns tracing on for this process when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set (or a test gives a processor of
 * its own), else returns null and nothing is traced. The provider is registered globally with Node's async context
 * and W3C trace context: the Temporal interceptors read both to carry a call's trace from the HTTP request into its
 * workflow and activities, across processes.
 */
export function startTracing(options: { readonly serviceName: string; readonly endpoint?: string; readonly processor?: SpanProcessor }): Tracing | null {
  const processor = options.processor ?? (options.endpoint ? new BatchSpanProcessor(new OTLPTraceExporter({ url: options.endpoint })) : undefined);
  if (!processor) return null;
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();
  // From the provider itself: the shared core's lint rule against `**/api` imports also matches @opentelemetry/api.
  return { tracer: provider.getTracer('toolgate'), resource, processor, shutdown: () => provider.shutdown() };
}
