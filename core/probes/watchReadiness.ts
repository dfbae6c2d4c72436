import type { NotReady, ProbeListener } from './probeListener';

/**
 * Keeps a readiness probe told, once a second, what keeps this process from taking work: admission refusing calls
 * (shedding, the API's), a stop under way, or its database or Temporal not answering.
 */
export function watchReadiness(
  probes: ProbeListener,
  reading: {
    readonly dependencies: () => Promise<{ readonly database: boolean; readonly temporal: boolean }>;
    readonly shedding?: () => boolean;
  },
): { stopping(): void; stop(): void } {
  let stopping = false;
  const update = async () => {
    const { database, temporal } = await reading.dependencies();
    const reasons: NotReady[] = [];
    if (stopping) reasons.push('stopping');
    if (reading.shedding?.()) reasons.push('shedding');
    if (!database) reasons.push('database');
    if (!temporal) reasons.push('temporal');
    probes.setNotReady(reasons);
  };
  const timer = setInterval(() => void update().catch(() => undefined), 1000);
  timer.unref();
  void update().catch(() => undefined);
  return {
    stopping() {
      stopping = true;
      void update().catch(() => undefined);
    },
    stop: () => clearInterval(timer),
  };
}
