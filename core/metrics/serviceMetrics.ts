import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric this service exports, in one registry per process (the API's, a worker's, or both in an API with its
 * embedded worker). Counters are per process: Prometheus sums them over replicas, and a restart is a counter reset
 * its rate() functions expect. Money is counted in integer micro-USD, like the ledger. The names here are what the
 * Grafana dashboard (monitoring/grafana/dashboards/toolgate.json) may query; its test checks each one.
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

// Process health (CPU, resident memory, heap, event-loop lag), what an operator reads first for memory growth.
collectDefaultMetrics({ register: metricsRegistry });

/** Seconds; from 5 ms (a quick offline call) to two minutes (CALL_TIMEOUT_SECONDS, MODEL_TIMEOUT_SECONDS). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const serviceMetrics = {
  // From the events each process commits (core/metrics/eventMetrics.ts): the ledger's own facts, counted once.
  calls: new Counter({
    name: 'toolgate_calls_total',
    help: 'Tool calls that ended, by tool, status (completed, failed, rejected) and payment (key, x402, free, mcp_allowance, none).',
    labelNames: ['tool', 'status', 'payment'] as const,
    registers,
  }),
  moneyReserved: new Counter({
    name: 'toolgate_money_reserved_micro_usd_total',
    help: 'Micro-USD held for calls, by payment (key: from a balance, ChargeReserved; x402: the most a signed payment allows, ToolCallStarted) and pricing (flat, metered). Per payment, reserved = settled + refunded (+ taken over) once no call is in flight.',
    labelNames: ['payment', 'pricing'] as const,
    registers,
  }),
  moneySettled: new Counter({
    name: 'toolgate_money_settled_micro_usd_total',
    help: 'Micro-USD charged for calls: from key balances (ChargeSettled) and paid on chain with x402 (PaymentReceived: a call, or credit bought with USDC).',
    labelNames: ['payment'] as const,
    registers,
  }),
  moneyRefunded: new Counter({
    name: 'toolgate_money_refunded_micro_usd_total',
    help: 'Micro-USD of a hold not charged, by payment and reason: given back to a key balance (a failed call: its error code; the unused part of a metered hold: metered_unused), or an x402 payment released untaken.',
    labelNames: ['payment', 'reason'] as const,
    registers,
  }),
  moneyTakenOver: new Counter({
    name: 'toolgate_money_taken_over_micro_usd_total',
    help: "Micro-USD of a key call's hold its effects took over (a posted task's reward, RewardHeld): it leaves the call's reservation for the task's.",
    registers,
  }),
  creditGranted: new Counter({
    name: 'toolgate_credit_granted_micro_usd_total',
    help: 'Micro-USD of credit added to accounts (CreditGranted), by reason (trial, topup, purchase).',
    labelNames: ['reason'] as const,
    registers,
  }),
  freeTierCalls: new Counter({
    name: 'toolgate_free_tier_calls_total',
    help: 'Free calls spent (used) and given back after a failure (returned), by allowance (http free tier, mcp).',
    labelNames: ['allowance', 'outcome'] as const,
    registers,
  }),
  freeTierExhausted: new Counter({
    name: 'toolgate_free_tier_exhausted_total',
    help: 'Client IPs that spent their last free call of the day (FreeTierExhausted).',
    labelNames: ['allowance'] as const,
    registers,
  }),
  x402Payments: new Counter({
    name: 'toolgate_x402_payments_total',
    help: 'x402 payments settled on chain, by purpose (call, credit).',
    labelNames: ['purpose'] as const,
    registers,
  }),
  x402Received: new Counter({
    name: 'toolgate_x402_received_micro_usd_total',
    help: 'Micro-USD received with x402 payments, by purpose (call, credit).',
    labelNames: ['purpose'] as const,
    registers,
  }),
  // The API (api/middleware/requestMetrics.ts).
  httpDuration: new Histogram({
    name: 'toolgate_http_request_duration_seconds',
    help: 'Time from the request to the response, by method, route (the registry path, or "unmatched") and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  }),
  // Workers: tool runs and the upstreams they ask (activities/calls/timedRunTool.ts, upstreamRequests.ts).
  toolRunDuration: new Histogram({
    name: 'toolgate_tool_run_duration_seconds',
    help: "A tool's run in a worker (the runTool activity, or the tool inside a quick local call), by tool and outcome (ok, failed).",
    labelNames: ['tool', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  }),
  upstreamRequests: new Counter({
    name: 'toolgate_upstream_requests_total',
    help: 'Requests to model providers (kind model: openai, anthropic …, local-server) and data upstreams (kind data: open-meteo …), by outcome (ok, failed).',
    labelNames: ['kind', 'upstream', 'outcome'] as const,
    registers,
  }),
  upstreamDuration: new Histogram({
    name: 'toolgate_upstream_request_duration_seconds',
    help: 'How long one request to a model provider or data upstream took, whatever its outcome.',
    labelNames: ['kind', 'upstream'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  }),
  circuitOpen: new Gauge({
    name: 'toolgate_provider_circuit_open',
    help: "1 while this worker's circuit breaker keeps a model provider (or a local server) out of auto's choices after repeated failures, else 0.",
    labelNames: ['circuit'] as const,
    registers,
    // Read at each scrape: an open circuit closes by itself when its cool-down ends, with no event to count.
    collect() {
      for (const breaker of circuitBreakers) for (const { key, open } of breaker.circuits()) this.set({ circuit: key }, open ? 1 : 0);
    },
  }),
  // The API: admission of paid calls (api/admission/): what it refused, and each pool's limit and calls in flight.
  admissionRefusalsHeld: new Counter({
    name: 'toolgate_admission_refusals_held_total',
    help: 'Refusals sent when the Retry-After their caller was given last was up, not at once: it came back before then (api/admission/retryPacing.ts).',
    registers,
  }),
  admissionRefused: new Counter({
    name: 'toolgate_admission_refused_total',
    help: 'Paid calls refused at once with 503 overloaded (nothing held or charged), by pool (local: run in the worker; upstream: waiting on a provider, a page, a chain).',
    labelNames: ['pool'] as const,
    registers,
  }),
  admissionLimit: new Gauge({
    name: 'toolgate_admission_limit',
    help: 'Paid calls this process admits in flight now, by pool (adaptive: it follows measured latency).',
    labelNames: ['pool'] as const,
    registers,
    collect: () => admissionGauges.collect(),
  }),
  admissionInFlight: new Gauge({
    name: 'toolgate_admission_in_flight',
    help: 'Paid calls admitted and not yet answered, by pool.',
    labelNames: ['pool'] as const,
    registers,
  }),
  admissionBaseline: new Gauge({
    name: 'toolgate_admission_baseline_seconds',
    help: "A call's latency when nothing queues, as each pool's limit has learned it (the limit shrinks when calls take well over it).",
    labelNames: ['pool'] as const,
    registers,
  }),
  // Workers: the subscriber that keeps the read models, webhooks and triggers up to date (core/metrics/subscriberLag.ts).
  subscriberLagEvents: new Gauge({
    name: 'toolgate_subscriber_lag_events',
    help: "Events in the log after a subscription's checkpoint (counted up to 10,000), read from the database at each scrape.",
    labelNames: ['subscription'] as const,
    registers,
    // Registered before the seconds gauge: this collect sets both, before either is written out.
    collect: () => subscriberLag.collect(),
  }),
  subscriberLagSeconds: new Gauge({
    name: 'toolgate_subscriber_lag_seconds',
    help: 'Age of the oldest event a subscription has not handled yet (0 when it is caught up).',
    labelNames: ['subscription'] as const,
    registers,
  }),
};

/** The circuit breakers of this process's model routers (a worker has one), which toolgate_provider_circuit_open reports. */
export const circuitBreakers = new Set<{ circuits(): readonly { readonly key: string; readonly open: boolean }[] }>();

/** Where the lag gauges read from: set by the process that runs the subscriber (watchSubscriberLag). */
export const subscriberLag = { collect: async (): Promise<void> => undefined };

/** Set by the API's admission (api/admission/admission.ts): fills the admission gauges at each scrape. */
export const admissionGauges = { collect: (): void => undefined };

// Known label values start at 0: a series that first appears at its first value loses that rise to rate(), so the
// first call, charge or payment of each kind after a start would not show on a dashboard.
for (const payment of ['key', 'x402']) for (const pricing of ['flat', 'metered']) serviceMetrics.moneyReserved.inc({ payment, pricing }, 0);
for (const payment of ['key', 'x402']) serviceMetrics.moneySettled.inc({ payment }, 0);
for (const pool of ['local', 'upstream']) serviceMetrics.admissionRefused.inc({ pool }, 0);
for (const payment of ['key', 'x402']) serviceMetrics.moneyRefunded.inc({ payment, reason: 'metered_unused' }, 0);
serviceMetrics.moneyTakenOver.inc(0);
for (const reason of ['trial', 'topup', 'purchase']) serviceMetrics.creditGranted.inc({ reason }, 0);
for (const allowance of ['http', 'mcp']) {
  for (const outcome of ['used', 'returned']) serviceMetrics.freeTierCalls.inc({ allowance, outcome }, 0);
  serviceMetrics.freeTierExhausted.inc({ allowance }, 0);
}
for (const purpose of ['call', 'credit']) {
  serviceMetrics.x402Payments.inc({ purpose }, 0);
  serviceMetrics.x402Received.inc({ purpose }, 0);
}
