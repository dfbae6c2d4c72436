import { AsyncLocalStorage } from 'node:async_hooks';
import { ApplicationFailure } from '@temporalio/common';
import type { UpstreamTimeDetail } from '../../schema/calls';
import { serviceMetrics } from '../../core/metrics/serviceMetrics';

/** A model provider (openai, anthropic …, local-server) or a data source (open-meteo, coingecko …). */
export type UpstreamKind = 'model' | 'data';

export interface UpstreamRequest {
  /** The request ended: its outcome counted, its time added to the call's, its span (when tracing) ended. */
  end(outcome: 'ok' | 'failed', attributes?: Readonly<Record<string, string | number>>): void;
}

/** What tracing makes of an upstream request (workers/tracing/workerTracing.ts); nothing while tracing is off. */
export type UpstreamSpanStarter = (kind: UpstreamKind, upstream: string, attributes: Readonly<Record<string, string | number>>) => UpstreamRequest;

/** The time one tool run waited on its upstreams: while at least one request was out (overlapping ones count once). */
interface WaitedTime {
  ms: number;
  open: number;
  since: number;
  used: boolean;
}

const waited = new AsyncLocalStorage<WaitedTime>();
let spans: UpstreamSpanStarter | undefined;

/** Turns upstream requests into spans of the current trace (set once per process when tracing is on). */
export function traceUpstreamRequests(starter: UpstreamSpanStarter): void {
  spans = starter;
}

/**
 * One request a tool makes to an upstream, from its start: counted (toolgate_upstream_requests_total and its
 * duration), its time added to the tool run's upstream time (Server-Timing's `upstream`), and a span when tracing.
 */
export function startUpstreamRequest(kind: UpstreamKind, upstream: string, attributes: Readonly<Record<string, string | number>> = {}): UpstreamRequest {
  const started = performance.now();
  const time = waited.getStore();
  if (time && time.open++ === 0) time.since = started;
  const span = spans?.(kind, upstream, attributes);
  let ended = false;
  return {
    end(outcome, more) {
      if (ended) return;
      ended = true;
      const now = performance.now();
      if (time && --time.open === 0) {
        time.ms += now - time.since;
        time.used = true;
      }
      serviceMetrics.upstreamRequests.inc({ kind, upstream, outcome });
      serviceMetrics.upstreamDuration.observe({ kind, upstream }, (now - started) / 1000);
      span?.end(outcome, more);
    },
  };
}

/**
 * Runs a tool, measuring the time its upstream requests took; undefined when it made none. A run that fails after
 * waiting on an upstream says so too: its ApplicationFailure gains an UpstreamTimeDetail (after the tool's own details).
 */
export async function measuringUpstreamTime<T>(run: () => Promise<T>): Promise<{ readonly result: T; readonly upstreamMs: number | undefined }> {
  const time: WaitedTime = { ms: 0, open: 0, since: 0, used: false };
  const waitedMs = () => (time.used ? Math.round(time.ms * 10) / 10 : undefined);
  try {
    const result = await waited.run(time, run);
    return { result, upstreamMs: waitedMs() };
  } catch (error) {
    const upstreamMs = waitedMs();
    if (upstreamMs === undefined || !(error instanceof ApplicationFailure)) throw error;
    const detail: UpstreamTimeDetail = { upstreamMs };
    throw ApplicationFailure.create({
      message: error.message,
      type: error.type ?? undefined,
      nonRetryable: error.nonRetryable ?? undefined,
      details: [...(error.details ?? []), detail],
      ...(error.nextRetryDelay != null ? { nextRetryDelay: error.nextRetryDelay } : {}),
      ...(error.cause ? { cause: error.cause } : {}),
    });
  }
}
