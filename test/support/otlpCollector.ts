import http from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/** The part of OTLP's trace protocol (opentelemetry-proto, trace/v1 and collector/trace/v1) a test reads; other fields are skipped. */
const OTLP_TRACES = protobuf
  .parse(
    `
  syntax = "proto3";
  message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
  message KeyValue { string key = 1; AnyValue value = 2; }
  message Resource { repeated KeyValue attributes = 1; }
  message InstrumentationScope { string name = 1; string version = 2; }
  message Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6; repeated KeyValue attributes = 9; }
  message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
  message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
  message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
`,
  )
  .root.lookupType('ExportTraceServiceRequest');

export interface CollectedSpan {
  /** The resource's service.name: which process sent it. */
  readonly service: string;
  readonly scope: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly name: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface OtlpCollector {
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT for the processes under test. */
  readonly url: string;
  readonly spans: readonly CollectedSpan[];
  close(): Promise<void>;
}

interface Attribute {
  key: string;
  value?: { stringValue?: string; boolValue?: boolean; intValue?: number; doubleValue?: number };
}

const attributes = (list: Attribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value?.stringValue ?? value?.intValue ?? value?.doubleValue ?? value?.boolValue]));

/** A loopback OTLP/HTTP receiver for protobuf trace exports, as an OpenTelemetry collector's otlp receiver takes them. */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(415).end();
        return;
      }
      const request = OTLP_TRACES.toObject(OTLP_TRACES.decode(Buffer.concat(chunks)), { longs: Number, bytes: String, defaults: true }) as {
        resourceSpans: { resource?: { attributes: Attribute[] }; scopeSpans: { scope?: { name: string }; spans: Record<string, unknown>[] }[] }[];
      };
      const hex = (base64: unknown) => Buffer.from(String(base64), 'base64').toString('hex');
      for (const resource of request.resourceSpans) {
        const service = String(attributes(resource.resource?.attributes)['service.name']);
        for (const scoped of resource.scopeSpans)
          for (const span of scoped.spans)
            spans.push({
              service,
              scope: scoped.scope?.name ?? '',
              traceId: hex(span.traceId),
              spanId: hex(span.spanId),
              parentSpanId: hex(span.parentSpanId),
              name: String(span.name),
              attributes: attributes(span.attributes as Attribute[]),
            });
      }
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
