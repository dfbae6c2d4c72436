import type { Setting } from './setting';

/** Settings of observability: metrics and traces (schema/config.ts gathers the groups). */
export const observabilitySettings = {
  metricsPort: {
    env: 'METRICS_PORT',
    kind: 'int',
    // Tests run many API processes side by side: they ask for a port when they want one.
    default: (e) => (e === 'test' ? '0' : '9464'),
    doc: "Port of the API process's `GET /metrics` (Prometheus text format; with EMBEDDED_WORKER its worker's metrics too), a listener of its own on METRICS_HOST; 0: none.",
  },
  workerMetricsPort: {
    env: 'WORKER_METRICS_PORT',
    kind: 'int',
    default: (e) => (e === 'test' ? '0' : '9465'),
    doc: "Port of a standalone worker's `GET /metrics` (its tool runs, providers, circuits, subscriber lag and the Temporal SDK's worker metrics); 0: none.",
  },
  probePort: {
    env: 'PROBE_PORT',
    kind: 'int',
    default: (e) => (e === 'test' ? '0' : '9466'),
    doc: "Port of the API process's liveness and readiness probes (`GET /livez`, `GET /readyz`), answered by a thread of their own so a busy process still answers at once; 0: none.",
  },
  workerProbePort: {
    env: 'WORKER_PROBE_PORT',
    kind: 'int',
    default: (e) => (e === 'test' ? '0' : '9467'),
    doc: "Port of a standalone worker's `GET /livez` and `GET /readyz`; 0: none.",
  },
  probeHost: {
    env: 'PROBE_HOST',
    kind: 'string',
    default: (e) => (e === 'production' ? '0.0.0.0' : '127.0.0.1'),
    doc: 'Interface the probe listeners bind: every interface in production (an orchestrator probes the container from outside it), loopback elsewhere.',
  },
  metricsHost: {
    env: 'METRICS_HOST',
    kind: 'string',
    default: '127.0.0.1',
    doc: 'Interface the metrics listeners bind: loopback by default, so nothing is exposed by accident; 0.0.0.0 in a container that Prometheus scrapes over a private network (the port is never published).',
  },
  metricsToken: {
    env: 'METRICS_TOKEN',
    kind: 'string',
    default: '',
    doc: "When set, a scrape must send `Authorization: Bearer <token>`, and the API's own port also answers `GET /metrics` (for platforms that expose one port only). Never the ADMIN_TOKEN: Prometheus keeps it in its configuration.",
  },
  otlpTracesEndpoint: {
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    kind: 'string',
    default: '',
    doc: "OTLP/HTTP (protobuf) address traces are sent to, e.g. `http://otel-collector:4318/v1/traces`; empty: no tracing. One trace per call, from the HTTP request through its workflow and activities to the provider request (the API's spans are `toolgate-api`'s, a worker's `toolgate-worker`'s). OTEL_EXPORTER_OTLP_HEADERS adds headers (an API key).",
  },
} as const satisfies Record<string, Setting>;
