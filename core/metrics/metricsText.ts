import { createHash, timingSafeEqual } from 'node:crypto';
import { metricsRegistry } from './serviceMetrics';

/** Prometheus' text exposition format (0.0.4), what prom-client writes and Temporal's core serves. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** Where this process's Temporal SDK core serves its own metrics, when it runs a worker (workers/runtime.ts). */
export type TemporalMetricsSource = () => string | undefined;

/**
 * One scrape of this process: the service's metrics, then the Temporal SDK's (worker task slots, poll and
 * schedule-to-start latencies …) fetched from the core's loopback exporter, so an operator scrapes one endpoint per
 * process. Temporal's part is left out, and said so in a comment line, when its exporter does not answer.
 */
export async function metricsText(temporal?: TemporalMetricsSource): Promise<string> {
  const own = await metricsRegistry.metrics();
  const url = temporal?.();
  if (!url) return own;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return `${own}\n${(await response.text()).trimEnd()}\n`;
  } catch (error) {
    return `${own}\n# the Temporal SDK's metrics at ${url} did not answer: ${(error as Error).message}\n`;
  }
}

/** Whether an Authorization header carries the metrics token (constant-time; hashing first makes the lengths equal). */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  if (!presented || !token) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
